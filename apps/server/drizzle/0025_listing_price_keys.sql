DROP INDEX "item_tags_created_idx";--> statement-breakpoint
DROP INDEX "items_shop_created_idx";--> statement-breakpoint
DROP INDEX "items_catalog_created_idx";--> statement-breakpoint
DROP INDEX "items_catalog_in_stock_created_idx";--> statement-breakpoint
CREATE INDEX "item_tags_created_price_idx" ON "item_tags" USING btree ("tag","created_on","item_id","price_paise");--> statement-breakpoint
CREATE INDEX "items_shop_created_price_idx" ON "items" USING btree ("shop","created_on","price_paise");--> statement-breakpoint
CREATE INDEX "items_catalog_created_price_idx" ON "items" USING btree ("catalog","created_on","price_paise");--> statement-breakpoint
CREATE INDEX "items_catalog_in_stock_created_price_idx" ON "items" USING btree ("catalog",("quantity" > 0),"created_on","price_paise");--> statement-breakpoint
CREATE INDEX "items_shop_in_stock_created_price_idx" ON "items" USING btree ("shop",("quantity" > 0),"created_on","price_paise");--> statement-breakpoint
-- The price as the last key of every newest-first index of a shop, a catalog or a tag (docs/decisions/0068):
-- a price range is then an index condition, tested on each entry, so a walk the planner misjudged skips
-- entries instead of fetching rows. That is what the (catalog, price) and (shop, price) statistics of
-- migration 0023 were there to prevent; their 2,000-entry lists cost every catalog listing more planning
-- than the reads themselves, so they go.
DROP STATISTICS IF EXISTS items_catalog_price_stats;
--> statement-breakpoint
DROP STATISTICS IF EXISTS items_shop_price_stats;
--> statement-breakpoint
ANALYZE items;
