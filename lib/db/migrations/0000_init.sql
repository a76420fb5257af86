CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_user_id" integer,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"phone_code" text DEFAULT '91' NOT NULL,
	"phone" text,
	"country_code" text DEFAULT 'in' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"domain" text,
	"logo_url" text,
	"banner_url" text,
	"currency" text DEFAULT 'INR' NOT NULL,
	"time_zone" text DEFAULT 'Asia/Kolkata' NOT NULL,
	"commission_bps" integer DEFAULT 1000 NOT NULL,
	"cashback_bps" integer DEFAULT 500 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"region" text,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"business_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text,
	"email" text,
	"phone_code" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "service_areas" ADD CONSTRAINT "service_areas_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_slug_key" ON "businesses" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_domain_key" ON "businesses" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "service_areas_business_slug_key" ON "service_areas" USING btree ("business_id","slug");--> statement-breakpoint
CREATE INDEX "service_areas_business_idx" ON "service_areas" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_business_role_phone_key" ON "users" USING btree ("business_id","role","phone_code","phone");--> statement-breakpoint
CREATE UNIQUE INDEX "users_business_role_email_key" ON "users" USING btree ("business_id","role","email");--> statement-breakpoint
CREATE INDEX "users_business_idx" ON "users" USING btree ("business_id");