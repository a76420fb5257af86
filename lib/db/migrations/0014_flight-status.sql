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
ALTER TABLE "rides" ADD COLUMN "driver_arrived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "waiting_minutes" integer;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "waiting_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ride_flights" ADD CONSTRAINT "ride_flights_ride_id_rides_id_fk" FOREIGN KEY ("ride_id") REFERENCES "public"."rides"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ride_flights" ADD CONSTRAINT "ride_flights_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ride_flights_flag_idx" ON "ride_flights" USING btree ("business_id") WHERE flag is not null;