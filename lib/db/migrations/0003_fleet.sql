CREATE TABLE "agencies" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"phone_code" text NOT NULL,
	"phone" text NOT NULL,
	"place" text,
	"account_status" text DEFAULT 'pending' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"agency_id" integer,
	"vehicle_id" integer,
	"name" text NOT NULL,
	"phone_code" text NOT NULL,
	"phone" text NOT NULL,
	"place" text,
	"account_status" text DEFAULT 'pending' NOT NULL,
	"online" boolean DEFAULT false NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"located_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "vehicles" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"agency_id" integer,
	"vehicle_type" text NOT NULL,
	"model" text NOT NULL,
	"number" text NOT NULL,
	"image_url" text,
	"online" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "agencies" ADD CONSTRAINT "agencies_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drivers" ADD CONSTRAINT "drivers_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vehicles" ADD CONSTRAINT "vehicles_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agencies_business_idx" ON "agencies" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agencies_business_phone_key" ON "agencies" USING btree ("business_id","phone_code","phone") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "drivers_business_idx" ON "drivers" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "drivers_business_phone_key" ON "drivers" USING btree ("business_id","phone_code","phone") WHERE removed_at is null;--> statement-breakpoint
CREATE INDEX "vehicles_business_idx" ON "vehicles" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vehicles_business_number_key" ON "vehicles" USING btree ("business_id","number") WHERE removed_at is null;