CREATE TABLE "operator_domains" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"checked_at" timestamp with time zone,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operator_integrations" (
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"public_id" text NOT NULL,
	"secrets" text NOT NULL,
	"tested_at" timestamp with time zone,
	"test_result" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "operator_domains" ADD CONSTRAINT "operator_domains_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operator_integrations" ADD CONSTRAINT "operator_integrations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "operator_domains_verified_domain_key" ON "operator_domains" USING btree ("domain") WHERE "operator_domains"."verified_at" is not null;--> statement-breakpoint
CREATE INDEX "operator_domains_domain_idx" ON "operator_domains" USING btree ("domain");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_integrations_business_kind_key" ON "operator_integrations" USING btree ("business_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "operator_integrations_kind_public_key" ON "operator_integrations" USING btree ("kind","public_id");--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_name_key" ON "businesses" USING btree (lower(regexp_replace("name", '\s+', '', 'g')));