ALTER TABLE "visits" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "address" text;