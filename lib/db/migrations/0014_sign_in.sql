ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "otp_codes" ADD COLUMN "request_hash" text;--> statement-breakpoint
-- hand-written: e-mails that exist today were set at signup (a code to them) or by seeds; every later change needs a code
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "email" IS NOT NULL AND "role" IN ('travelsx-partner', 'deliverx-partner');
