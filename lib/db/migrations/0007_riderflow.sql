CREATE TABLE "trip_rules" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"local_max_km" integer NOT NULL,
	"outstation_max_km" integer NOT NULL,
	"service_radius_km" integer NOT NULL,
	"now_max_km" integer NOT NULL,
	"wallet_spend_bps" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "wallet_applied" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "trip_rules" ADD CONSTRAINT "trip_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;