CREATE TABLE "ride_counters" (
	"business_id" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "number" integer;--> statement-breakpoint
UPDATE "rides" SET "number" = numbered.n FROM (SELECT "id", row_number() OVER (PARTITION BY "business_id" ORDER BY "id")::integer AS n FROM "rides") AS numbered WHERE numbered."id" = "rides"."id";--> statement-breakpoint
ALTER TABLE "rides" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
INSERT INTO "ride_counters" ("business_id", "last_number") SELECT "business_id", max("number") FROM "rides" GROUP BY "business_id";--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "owed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "cash" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_entries" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "ride_counters" ADD CONSTRAINT "ride_counters_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rides_business_number_key" ON "rides" USING btree ("business_id","number");--> statement-breakpoint
CREATE INDEX "rides_business_pickup_idx" ON "rides" USING btree ("business_id","pickup_time","number");--> statement-breakpoint
CREATE INDEX "wallet_entries_ride_idx" ON "wallet_entries" USING btree ("ride_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_entries_idempotency_key" ON "wallet_entries" USING btree ("business_id","idempotency_key");