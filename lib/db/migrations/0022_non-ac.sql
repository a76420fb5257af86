-- issue 37: a vehicle type offered without AC at its own price (lib/fares/engine.ts); null keeps it AC only.
ALTER TABLE "rate_cards" ADD COLUMN "non_ac_discount_bps" integer;
