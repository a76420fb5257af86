CREATE TABLE "cancellation_policies" (
	"business_id" integer NOT NULL,
	"trip_kind" text NOT NULL,
	"free_minutes" integer NOT NULL,
	"fee_type" text NOT NULL,
	"fee_value" integer NOT NULL,
	CONSTRAINT "cancellation_policies_business_id_trip_kind_pk" PRIMARY KEY("business_id","trip_kind"),
	CONSTRAINT "cancellation_policies_fee" CHECK ("cancellation_policies"."fee_value" >= 0 and "cancellation_policies"."free_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "fare_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"ride_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer,
	"amount" integer NOT NULL,
	"reason" text NOT NULL,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount" integer,
	"min_fare" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"trip_kinds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vehicle_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_ride_only" boolean DEFAULT false NOT NULL,
	"per_rider_limit" integer,
	"max_uses" integer,
	"budget" integer,
	"active" boolean DEFAULT true NOT NULL,
	"uses" integer DEFAULT 0 NOT NULL,
	"discounted" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"promo_id" integer NOT NULL,
	"ride_id" integer NOT NULL,
	"rider_id" integer NOT NULL,
	"amount" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"ride_id" integer NOT NULL,
	"payment_txnid" text,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"idempotency_key" text NOT NULL,
	"token" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"provider_refused" boolean DEFAULT false NOT NULL,
	"provider_request_id" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount" > 0)
);
--> statement-breakpoint
DROP INDEX "invoices_ride_key";--> statement-breakpoint
ALTER TABLE "rate_cards" ADD COLUMN "tolls_at_actuals" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "fare_breakdown" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "promo_code" text;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "discount_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "adjustment_amount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "cancel_policy" jsonb DEFAULT '{"freeMinutes":60,"feeType":"percent","feeValue":1000}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "cancellation_fee" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "refund" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "revision" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cancellation_policies" ADD CONSTRAINT "cancellation_policies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fare_adjustments" ADD CONSTRAINT "fare_adjustments_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fare_adjustments" ADD CONSTRAINT "fare_adjustments_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_promo_id_promo_codes_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_redemptions" ADD CONSTRAINT "promo_redemptions_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fare_adjustments_ride_idx" ON "fare_adjustments" USING btree ("ride_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_business_code_key" ON "promo_codes" USING btree ("business_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_redemptions_ride_key" ON "promo_redemptions" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "promo_redemptions_rider_idx" ON "promo_redemptions" USING btree ("promo_id","rider_id");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_business_key" ON "refunds" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_token_key" ON "refunds" USING btree ("token");--> statement-breakpoint
CREATE INDEX "refunds_ride_idx" ON "refunds" USING btree ("ride_id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_ride_revision_key" ON "invoices" USING btree ("ride_id","revision");--> statement-breakpoint
-- hand-written (money): rides booked before cancellation rules keep the default rule of their trip kind, and their quote's breakdown
UPDATE "rides" SET "cancel_policy" = '{"freeMinutes":1440,"feeType":"percent","feeValue":1000}'::jsonb WHERE "trip_kind" IN ('outstation', 'rental');--> statement-breakpoint
UPDATE "rides" SET "fare_breakdown" = "item"->'breakdown' FROM "quotes", jsonb_array_elements("quotes"."items") AS "item" WHERE "quotes"."id" = "rides"."quote_id" AND "item"->>'vehicleType' = "rides"."vehicle_type" AND jsonb_typeof("item"->'breakdown') = 'object';
