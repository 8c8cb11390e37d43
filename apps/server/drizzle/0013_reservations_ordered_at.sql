-- A held reservation with an order belongs to the order: a shopper's new checkout no longer releases it
-- (only the one held reservation without an order is replaced).
DROP INDEX "reservations_one_held_per_user_key";--> statement-breakpoint
ALTER TABLE "reservations" ADD COLUMN "ordered_at" timestamp with time zone;--> statement-breakpoint
UPDATE "reservations" r SET "ordered_at" = o."created_at" FROM "orders" o WHERE o."reservation_id" = r."id";--> statement-breakpoint
CREATE UNIQUE INDEX "reservations_one_unordered_held_per_user_key" ON "reservations" USING btree ("user_id") WHERE "reservations"."status" = 'held' and "reservations"."ordered_at" is null;
