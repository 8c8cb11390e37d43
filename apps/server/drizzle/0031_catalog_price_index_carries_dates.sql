DROP INDEX "items_catalog_price_idx";--> statement-breakpoint
CREATE INDEX "items_catalog_price_idx" ON "items" USING btree ("catalog","price_paise","quantity","archived_at","id","created_on","updated_on");--> statement-breakpoint
-- A catalog's price range read for a newest-first page sorts by date what it reads (docs/decisions/0103):
-- with the dates in the index that read needs no row fetched, and the planner no longer prefers walking the
-- in-stock date index through a range that holds nothing.
ANALYZE items;
