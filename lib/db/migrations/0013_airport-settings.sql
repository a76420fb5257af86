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
ALTER TABLE "rate_cards" ADD COLUMN "waiting_charge" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "airport_settings" ADD CONSTRAINT "airport_settings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waiting_rules" ADD CONSTRAINT "waiting_rules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;