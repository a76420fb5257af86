ALTER TABLE "rides" ADD COLUMN "vehicle_upgrade" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rides" ADD COLUMN "code_sent_via" text;--> statement-breakpoint
CREATE INDEX "rides_driver_open_idx" ON "rides" USING btree ("driver_id") WHERE status in ('accepted', 'ontrip');--> statement-breakpoint
CREATE INDEX "rides_vehicle_open_idx" ON "rides" USING btree ("vehicle_id") WHERE status in ('accepted', 'ontrip');