CREATE TABLE "item_search" (
	"item_id" integer PRIMARY KEY NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"price_paise" integer NOT NULL,
	"visible" boolean NOT NULL,
	"in_stock" boolean NOT NULL,
	"search_vector" "tsvector" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_search" ADD CONSTRAINT "item_search_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_search_vector_idx" ON "item_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "item_search_created_idx" ON "item_search" USING btree ("created_on","item_id");--> statement-breakpoint
CREATE INDEX "item_search_price_idx" ON "item_search" USING btree ("price_paise","item_id");--> statement-breakpoint
-- item_search mirrors what a search needs of each item (docs/decisions/0052): its words without positions
-- (strip: a match without phrase operators or weights is the same on either), price, creation time, and
-- whether it is visible (not archived) and in stock. Rewritten for the item when those change; a stock
-- change that does not reach or leave zero, and every other edit, does not touch it.
CREATE FUNCTION ssd_item_search_mirror() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO item_search (item_id, created_on, price_paise, visible, in_stock, search_vector)
  VALUES (NEW.id, NEW.created_on, NEW.price_paise, NEW.archived_at IS NULL, NEW.quantity > 0, coalesce(strip(NEW.search_vector), ''::tsvector))
  ON CONFLICT (item_id) DO UPDATE SET
    created_on = excluded.created_on,
    price_paise = excluded.price_paise,
    visible = excluded.visible,
    in_stock = excluded.in_stock,
    search_vector = excluded.search_vector;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_search_mirror_insert AFTER INSERT ON items
  FOR EACH ROW EXECUTE FUNCTION ssd_item_search_mirror();
--> statement-breakpoint
CREATE TRIGGER items_search_mirror_update AFTER UPDATE ON items
  FOR EACH ROW
  WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.price_paise IS DISTINCT FROM NEW.price_paise
    OR OLD.created_on IS DISTINCT FROM NEW.created_on OR (OLD.archived_at IS NULL) IS DISTINCT FROM (NEW.archived_at IS NULL)
    OR (OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0))
  EXECUTE FUNCTION ssd_item_search_mirror();
--> statement-breakpoint
INSERT INTO item_search (item_id, created_on, price_paise, visible, in_stock, search_vector)
SELECT id, created_on, price_paise, archived_at IS NULL, quantity > 0, coalesce(strip(search_vector), ''::tsvector) FROM items;
--> statement-breakpoint
ANALYZE item_search;
--> statement-breakpoint
-- Every visible item matching a search, from item_search's GIN index (content/search-table.ts): with sequential
-- scans off, since on this narrow table the planner prices a whole-table read (testing the search on every
-- row) below the index for words with thousands of matches, where the index is three to four times faster.
CREATE FUNCTION ssd_item_search_matches(q tsquery)
  RETURNS TABLE (item_id integer, created_on timestamptz, price_paise integer, in_stock boolean)
  LANGUAGE sql STABLE
  SET enable_seqscan = off
  AS $$ SELECT s.item_id, s.created_on, s.price_paise, s.in_stock FROM item_search AS s WHERE s.visible AND s.search_vector @@ q $$;
