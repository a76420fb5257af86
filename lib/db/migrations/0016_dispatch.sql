CREATE TABLE "dispatch_settings" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'manual' NOT NULL,
	"offer_seconds" integer DEFAULT 30 NOT NULL,
	"max_offers" integer DEFAULT 5 NOT NULL,
	"allow_upgrades" boolean DEFAULT false NOT NULL,
	"offer_lead_minutes" integer DEFAULT 60 NOT NULL,
	"buffer_minutes" integer DEFAULT 30 NOT NULL,
	"share_lead_minutes" integer DEFAULT 30 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"ride_id" integer NOT NULL,
	"driver_id" integer NOT NULL,
	"vehicle_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" jsonb NOT NULL,
	"offered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "set_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "needs_driver_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "last_name" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "photo_url" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "online_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "licence_number" text;--> statement-breakpoint
ALTER TABLE "drivers" ADD COLUMN "licence_expires_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "permit_number" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "permit_expires_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "insurance_number" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "insurance_expires_on" date;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "fitness_number" text;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "fitness_expires_on" date;--> statement-breakpoint
ALTER TABLE "dispatch_settings" ADD CONSTRAINT "dispatch_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_offers" ADD CONSTRAINT "ride_offers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_offers" ADD CONSTRAINT "ride_offers_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_offers" ADD CONSTRAINT "ride_offers_driver_id_drivers_id_fk" FOREIGN KEY ("driver_id") REFERENCES "public"."drivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_offers" ADD CONSTRAINT "ride_offers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ride_offers_ride_driver_key" ON "ride_offers" USING btree ("ride_id","driver_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ride_offers_pending_ride_key" ON "ride_offers" USING btree ("ride_id") WHERE status = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "ride_offers_pending_driver_key" ON "ride_offers" USING btree ("driver_id") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "ride_offers_driver_idx" ON "ride_offers" USING btree ("driver_id","offered_at");--> statement-breakpoint
CREATE INDEX "rides_driver_completed_idx" ON "rides" USING btree ("driver_id","completed_at") WHERE status = 'completed';