ALTER TABLE "businesses" ADD COLUMN "short_name" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "whatsapp_phone" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "icon_base" text;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "brand_color" text DEFAULT '#0f766e' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "languages" text[];--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "settings_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "is_main" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "service_areas" ADD COLUMN "gazetteer_id" integer;--> statement-breakpoint
UPDATE "service_areas" SET "is_main" = true WHERE "id" IN (SELECT DISTINCT ON ("business_id") "id" FROM "service_areas" ORDER BY "business_id", "sort_order", "name");
