DROP INDEX "items_shop_created_price_idx";--> statement-breakpoint
DROP INDEX "items_shop_price_idx";--> statement-breakpoint
DROP INDEX "items_catalog_created_price_idx";--> statement-breakpoint
DROP INDEX "items_catalog_price_idx";--> statement-breakpoint
DROP INDEX "items_price_idx";--> statement-breakpoint
DROP INDEX "items_created_idx";--> statement-breakpoint
DROP INDEX "items_in_stock_created_idx";--> statement-breakpoint
DROP INDEX "items_catalog_in_stock_created_price_idx";--> statement-breakpoint
DROP INDEX "items_shop_in_stock_created_price_idx";--> statement-breakpoint
CREATE INDEX "items_shop_created_price_idx" ON "items" USING btree ("shop","created_on","price_paise","updated_on","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_shop_price_idx" ON "items" USING btree ("shop","price_paise","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_catalog_created_price_idx" ON "items" USING btree ("catalog","created_on","price_paise","updated_on","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_catalog_price_idx" ON "items" USING btree ("catalog","price_paise","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_price_idx" ON "items" USING btree ("price_paise","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_created_idx" ON "items" USING btree ("created_on","updated_on","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_in_stock_created_idx" ON "items" USING btree (("quantity" > 0),"created_on","updated_on","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_catalog_in_stock_created_price_idx" ON "items" USING btree ("catalog",("quantity" > 0),"created_on","price_paise","updated_on","quantity","archived_at","id");--> statement-breakpoint
CREATE INDEX "items_shop_in_stock_created_price_idx" ON "items" USING btree ("shop",("quantity" > 0),"created_on","price_paise","updated_on","quantity","archived_at","id");--> statement-breakpoint
-- Every listing index carries, after its sort keys, what a storefront listing filters on and orders by
-- (docs/decisions/0084): a page's skipped rows (its offset) and a branch's keys are read from the index
-- alone, and only the page's own rows from the table.
ANALYZE items;
