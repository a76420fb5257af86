CREATE TABLE "airport_settings" (
	"business_id" integer NOT NULL,
	"airport_code" text NOT NULL,
	"meeting_point" jsonb NOT NULL,
	"photo_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "airport_settings_business_id_airport_code_pk" PRIMARY KEY("business_id","airport_code")
);
--> statement-breakpoint
CREATE TABLE "waiting_rules" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"free_local_minutes" integer NOT NULL,
	"free_airport_minutes" integer NOT NULL,
	"free_outstation_minutes" integer NOT NULL,
	"free_rental_minutes" integer NOT NULL,
	"block_minutes" integer NOT NULL,
	"landing_buffer_minutes" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ride_flights" (
	"ride_id" integer PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"flight_number" text NOT NULL,
	"direction" text NOT NULL,
	"airport_code" text NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"scheduled_arrival" timestamp with time zone,
	"estimated_arrival" timestamp with time zone,
	"landed_at" timestamp with time zone,
	"diverted_to" text,
	"source" text DEFAULT 'booking' NOT NULL,
	"follow_flight" boolean DEFAULT true NOT NULL,
	"booked_pickup_time" timestamp with time zone NOT NULL,
	"booked_landing" timestamp with time zone,
	"buffer_minutes" integer NOT NULL,
	"flag" text,
	"last_error" text,
	"failures" integer DEFAULT 0 NOT NULL,
	"checked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rate_cards" ADD COLUMN "waiting_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "driver_arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "airport_settings" ADD CONSTRAINT "airport_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rules" ADD CONSTRAINT "waiting_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_flights" ADD CONSTRAINT "ride_flights_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_flights" ADD CONSTRAINT "ride_flights_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_flights_flag_idx" ON "ride_flights" USING btree ("business_id") WHERE flag is not null;