DROP INDEX "item_tags_created_idx";--> statement-breakpoint
CREATE INDEX "item_tags_created_price_idx" ON "item_tags" USING btree ("tag","created_on","item_id","price_paise");--> statement-breakpoint
CREATE INDEX "items_shop_in_stock_created_idx" ON "items" USING btree ("shop",("quantity" > 0),"created_on","price_paise");--> statement-breakpoint
-- The price as the last key of two indexes of newest-first walks (docs/decisions/0068): a shop's in-stock
-- items, and each tag's items in item_tags; a price range is then an index condition, tested on the
-- entry, not a filter on every row the walk fetches. Statistics for the new expression index at once.
ANALYZE items;
