CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"ride_type" text NOT NULL,
	"trip_kind" text NOT NULL,
	"package_code" text,
	"pickup" jsonb NOT NULL,
	"dropoff" jsonb,
	"pickup_time" timestamp with time zone NOT NULL,
	"return_time" timestamp with time zone,
	"distance_m" integer NOT NULL,
	"duration_s" integer NOT NULL,
	"route_source" text NOT NULL,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"vehicle_type" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"base_fare" integer NOT NULL,
	"per_km" integer NOT NULL,
	"min_km" integer NOT NULL,
	"outstation_per_km" integer NOT NULL,
	"min_km_per_day" integer NOT NULL,
	"driver_bata_per_day" integer NOT NULL,
	"night_charge_bps" integer NOT NULL,
	"night_start_hour" integer NOT NULL,
	"night_end_hour" integer NOT NULL,
	"airport_fee" integer NOT NULL,
	"toll_per_km" integer NOT NULL,
	"rental_packages" jsonb NOT NULL,
	"extra_km_rate" integer NOT NULL,
	"extra_hour_rate" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"ride_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor_user_id" integer,
	"note" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rides" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"rider_id" integer NOT NULL,
	"quote_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"vehicle_type" text NOT NULL,
	"ride_type" text NOT NULL,
	"trip_kind" text NOT NULL,
	"package_code" text,
	"pickup" jsonb NOT NULL,
	"dropoff" jsonb,
	"pickup_time" timestamp with time zone NOT NULL,
	"return_time" timestamp with time zone,
	"flight_number" text,
	"flight_direction" text,
	"distance_m" integer NOT NULL,
	"duration_s" integer NOT NULL,
	"currency" text NOT NULL,
	"ride_amount" integer NOT NULL,
	"driver_bata" integer NOT NULL,
	"tolls" integer NOT NULL,
	"total_amount" integer NOT NULL,
	"cashback_amount" integer DEFAULT 0 NOT NULL,
	"payment_method" text DEFAULT 'cash' NOT NULL,
	"paid" boolean DEFAULT false NOT NULL,
	"start_code" text NOT NULL,
	"start_code_attempts" integer DEFAULT 0 NOT NULL,
	"driver_id" integer,
	"vehicle_id" integer,
	"cancel_reason" text,
	"cancelled_by" text,
	"source" text DEFAULT 'form' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" integer,
	"ride_id" integer,
	"kind" text NOT NULL,
	"available" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_cards" ADD CONSTRAINT "rate_cards_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_events" ADD CONSTRAINT "ride_events_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_events" ADD CONSTRAINT "ride_events_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_rider_id_users_id_fk" FOREIGN KEY ("rider_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rides" ADD CONSTRAINT "rides_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD CONSTRAINT "wallet_entries_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_business_idx" ON "quotes" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_cards_business_vehicle_key" ON "rate_cards" USING btree ("business_id","vehicle_type");--> statement-breakpoint
CREATE INDEX "ride_events_ride_idx" ON "ride_events" USING btree ("ride_id");--> statement-breakpoint
CREATE INDEX "ride_events_business_idx" ON "ride_events" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rides_idempotency_key" ON "rides" USING btree ("business_id","rider_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "rides_business_status_idx" ON "rides" USING btree ("business_id","status","pickup_time");--> statement-breakpoint
CREATE INDEX "rides_rider_idx" ON "rides" USING btree ("rider_id","pickup_time");--> statement-breakpoint
CREATE INDEX "wallet_entries_owner_idx" ON "wallet_entries" USING btree ("business_id","user_id","created_at");