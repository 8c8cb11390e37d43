DROP INDEX "item_tags_created_price_idx";--> statement-breakpoint
ALTER TABLE "item_tags" ADD COLUMN "updated_on" timestamp with time zone;--> statement-breakpoint
UPDATE item_tags AS t SET updated_on = i.updated_on FROM items AS i WHERE i.id = t.item_id;--> statement-breakpoint
ALTER TABLE "item_tags" ALTER COLUMN "updated_on" SET NOT NULL;--> statement-breakpoint
-- item_tags also has each item's last edit (docs/decisions/0085), the second key of the storefront's "newest"
-- order (-created_on,-updated_on): a tag listing in that order is read from item_tags' index alone, where it
-- looked up every item it passed. Rewritten for the item when updated_on changes (an admin's edit; stock
-- changes leave it), as when its tags, price, creation time, archiving or stock reaching or leaving zero do.
CREATE OR REPLACE FUNCTION ssd_item_tags_mirror() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM item_tags WHERE item_id = OLD.id;
  END IF;
  INSERT INTO item_tags (tag, item_id, price_paise, created_on, visible, in_stock, updated_on)
  SELECT DISTINCT t, NEW.id, NEW.price_paise, NEW.created_on, NEW.archived_at IS NULL, NEW.quantity > 0, NEW.updated_on
  FROM unnest(NEW.tags) AS t WHERE t IS NOT NULL;
  INSERT INTO tag_vocabulary (tag)
  SELECT DISTINCT t FROM unnest(NEW.tags) AS t WHERE t IS NOT NULL ORDER BY t
  ON CONFLICT (tag) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER items_tags_mirror_update ON items;
--> statement-breakpoint
CREATE TRIGGER items_tags_mirror_update AFTER UPDATE OF tags, price_paise, created_on, updated_on, archived_at, quantity ON items
  FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.price_paise IS DISTINCT FROM NEW.price_paise OR OLD.created_on IS DISTINCT FROM NEW.created_on
    OR OLD.updated_on IS DISTINCT FROM NEW.updated_on
    OR (OLD.archived_at IS NULL) IS DISTINCT FROM (NEW.archived_at IS NULL) OR (OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0))
  EXECUTE FUNCTION ssd_item_tags_mirror();
--> statement-breakpoint
CREATE INDEX "item_tags_created_price_idx" ON "item_tags" USING btree ("tag","created_on","updated_on","item_id","price_paise","visible","in_stock");--> statement-breakpoint
ANALYZE item_tags;
