DROP INDEX "ride_offers_driver_idx";--> statement-breakpoint
CREATE INDEX "ride_offers_driver_status_idx" ON "ride_offers" USING btree ("driver_id","offered_at","status");