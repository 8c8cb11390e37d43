DROP INDEX "item_reviews_user_item_order_key";--> statement-breakpoint
-- One review per shopper and product from now on (docs/decisions/0025). Only the seed wrote reviews before,
-- one per reviewer and product; should a database hold more, the latest written is kept.
DELETE FROM "item_reviews" r USING "item_reviews" newer
 WHERE r."user_id" = newer."user_id" AND r."item_id" = newer."item_id"
   AND (r."updated_at", r."id") < (newer."updated_at", newer."id");--> statement-breakpoint
CREATE UNIQUE INDEX "item_reviews_user_item_key" ON "item_reviews" USING btree ("user_id","item_id");
