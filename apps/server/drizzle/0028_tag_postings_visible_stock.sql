DROP INDEX "item_tags_price_idx";--> statement-breakpoint
DROP INDEX "item_tags_created_price_idx";--> statement-breakpoint
ALTER TABLE "item_tags" ADD COLUMN "visible" boolean;--> statement-breakpoint
ALTER TABLE "item_tags" ADD COLUMN "in_stock" boolean;--> statement-breakpoint
UPDATE item_tags AS t SET visible = i.archived_at IS NULL, in_stock = i.quantity > 0 FROM items AS i WHERE i.id = t.item_id;--> statement-breakpoint
ALTER TABLE "item_tags" ALTER COLUMN "visible" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "item_tags" ALTER COLUMN "in_stock" SET NOT NULL;--> statement-breakpoint
-- item_tags also says whether each item is visible and in stock (docs/decisions/0072), so a shopper's tag listing
-- (tags, in stock, a price range, sorted by price or newest) reads each tag's items from its index alone.
-- Rewritten for the item when its archiving changes or its stock reaches or leaves zero, as when its tags,
-- price or creation time change.
CREATE OR REPLACE FUNCTION ssd_item_tags_mirror() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM item_tags WHERE item_id = OLD.id;
  END IF;
  INSERT INTO item_tags (tag, item_id, price_paise, created_on, visible, in_stock)
  SELECT DISTINCT t, NEW.id, NEW.price_paise, NEW.created_on, NEW.archived_at IS NULL, NEW.quantity > 0
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
CREATE TRIGGER items_tags_mirror_update AFTER UPDATE OF tags, price_paise, created_on, archived_at, quantity ON items
  FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.price_paise IS DISTINCT FROM NEW.price_paise OR OLD.created_on IS DISTINCT FROM NEW.created_on
    OR (OLD.archived_at IS NULL) IS DISTINCT FROM (NEW.archived_at IS NULL) OR (OLD.quantity > 0) IS DISTINCT FROM (NEW.quantity > 0))
  EXECUTE FUNCTION ssd_item_tags_mirror();
--> statement-breakpoint
CREATE INDEX "item_tags_price_idx" ON "item_tags" USING btree ("tag","price_paise","item_id","visible","in_stock");--> statement-breakpoint
CREATE INDEX "item_tags_created_price_idx" ON "item_tags" USING btree ("tag","created_on","item_id","price_paise","visible","in_stock");--> statement-breakpoint
ANALYZE item_tags;
