CREATE TABLE "item_terms" (
	"term" text NOT NULL,
	"item_id" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	"price_paise" integer NOT NULL,
	"visible" boolean NOT NULL,
	"in_stock" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "term_vocabulary" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- item_terms holds each word of each item's search_vector (item_search's copy, positions stripped) with the
-- item's creation time, price, and whether it is visible and in stock (docs/decisions/0071): a search reads its
-- words' newest or cheapest matches from their index ranges, filtered in the index. Kept from item_search:
-- rewritten for the item when its words or any of those change (so also when its stock reaches or leaves zero),
-- removed with it (item_search rows go with their item). Rows are found for removal by (term, created_on,
-- item_id), the created index's first keys, so no index on item_id is kept. term_vocabulary only grows, so it
-- holds every word an item has.
CREATE FUNCTION ssd_item_terms_mirror() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    DELETE FROM item_terms AS t
    WHERE t.term = ANY (tsvector_to_array(OLD.search_vector)) AND t.created_on = OLD.created_on AND t.item_id = OLD.item_id;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO item_terms (term, item_id, created_on, price_paise, visible, in_stock)
    SELECT w, NEW.item_id, NEW.created_on, NEW.price_paise, NEW.visible, NEW.in_stock FROM unnest(tsvector_to_array(NEW.search_vector)) AS w;
    INSERT INTO term_vocabulary (term)
    SELECT w FROM unnest(tsvector_to_array(NEW.search_vector)) AS w ORDER BY w
    ON CONFLICT (term) DO NOTHING;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_search_terms_insert AFTER INSERT ON item_search
  FOR EACH ROW EXECUTE FUNCTION ssd_item_terms_mirror();
--> statement-breakpoint
-- item_search's rows change only when one of these does (its own trigger, migration 0024).
CREATE TRIGGER item_search_terms_update AFTER UPDATE ON item_search
  FOR EACH ROW
  WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector OR OLD.price_paise IS DISTINCT FROM NEW.price_paise
    OR OLD.created_on IS DISTINCT FROM NEW.created_on OR OLD.visible IS DISTINCT FROM NEW.visible
    OR OLD.in_stock IS DISTINCT FROM NEW.in_stock)
  EXECUTE FUNCTION ssd_item_terms_mirror();
--> statement-breakpoint
CREATE TRIGGER item_search_terms_delete AFTER DELETE ON item_search
  FOR EACH ROW EXECUTE FUNCTION ssd_item_terms_mirror();
--> statement-breakpoint
INSERT INTO item_terms (term, item_id, created_on, price_paise, visible, in_stock)
SELECT w, s.item_id, s.created_on, s.price_paise, s.visible, s.in_stock FROM item_search AS s, unnest(tsvector_to_array(s.search_vector)) AS w;
--> statement-breakpoint
INSERT INTO term_vocabulary (term) SELECT DISTINCT term FROM item_terms ORDER BY term;
--> statement-breakpoint
CREATE INDEX "item_terms_created_idx" ON "item_terms" USING btree ("term","created_on","item_id","price_paise","visible","in_stock");--> statement-breakpoint
CREATE INDEX "item_terms_price_idx" ON "item_terms" USING btree ("term","price_paise","item_id","visible","in_stock");--> statement-breakpoint
ANALYZE item_terms;
