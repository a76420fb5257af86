-- issue 35 §10: names compare by their skeleton (lib/contact/name-skeleton.ts), held unique in name_key.
-- Existing rows get the skeleton as SQL can draw it (NFKC; format characters, spaces and the common punctuation and symbols out; the
-- same look-alike table, lower case); a name whose skeleton an older row already holds keeps its row under
-- "<skeleton>#<id>" (no typed name's skeleton has a "#"), so the index builds and later look-alikes are refused.
DROP INDEX "businesses_name_key";--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "name_key" text;--> statement-breakpoint
UPDATE "businesses" SET "name_key" = regexp_replace(regexp_replace(translate(lower(translate(regexp_replace(normalize("name", NFKC), '[\x00-\x2F\x3A-\x40\x5B-\x60\x7B-\xBF\xD7\xF7\u2000-\u205E\u20A0-\u20CF\u2190-\u2BFF\u3000-\u303F\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0]', '', 'g'), '01АВЕЗКМНОРСТУХЅІЈԚԜҺӀҮЬавекмнопрстухѕіјһԁԛԝӏүьгΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχγηօսհոզցᎪᏴᏟᎬᎻᎫᏦᎷᏢᏚᎢᎳᏃıɩȷɑɡʏɴʀᴄᴏꜱᴠᴡᴢ', 'olABE3KMHOPCTYXSIJQWHIYbabekmhonpctyxsijhdqwlybrABEZHIKMNOPTYXaikvoptuxynouhnqgABCEHJKMPSTWZiijagynrcosvwz')), '01АВЕЗКМНОРСТУХЅІЈԚԜҺӀҮЬавекмнопрстухѕіјһԁԛԝӏүьгΑΒΕΖΗΙΚΜΝΟΡΤΥΧαικνορτυχγηօսհոզցᎪᏴᏟᎬᎻᎫᏦᎷᏢᏚᎢᎳᏃıɩȷɑɡʏɴʀᴄᴏꜱᴠᴡᴢ', 'olABE3KMHOPCTYXSIJQWHIYbabekmhonpctyxsijhdqwlybrABEZHIKMNOPTYXaikvoptuxynouhnqgABCEHJKMPSTWZiijagynrcosvwz'), 'rn', 'm', 'g'), 'vv', 'w', 'g');--> statement-breakpoint
UPDATE "businesses" AS "later" SET "name_key" = "later"."name_key" || '#' || "later"."id" WHERE "later"."name_key" = '' OR EXISTS (SELECT 1 FROM "businesses" AS "earlier" WHERE "earlier"."name_key" = "later"."name_key" AND "earlier"."id" < "later"."id");--> statement-breakpoint
ALTER TABLE "businesses" ALTER COLUMN "name_key" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "businesses_name_key" ON "businesses" USING btree ("name_key");
