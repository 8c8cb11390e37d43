CREATE TABLE "item_tags" (
	"tag" text NOT NULL,
	"item_id" integer NOT NULL,
	"price_paise" integer NOT NULL,
	"created_on" timestamp with time zone NOT NULL,
	CONSTRAINT "item_tags_tag_item_id_pk" PRIMARY KEY("tag","item_id")
);
--> statement-breakpoint
CREATE TABLE "tag_vocabulary" (
	"tag" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "item_tags" ADD CONSTRAINT "item_tags_item_id_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "item_tags_item_idx" ON "item_tags" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "item_tags_price_idx" ON "item_tags" USING btree ("tag","price_paise","item_id");--> statement-breakpoint
CREATE INDEX "item_tags_created_idx" ON "item_tags" USING btree ("tag","created_on","item_id");--> statement-breakpoint
-- item_tags mirrors each item's tags with its price and creation time (docs/decisions/0047): a tag listing
-- sorted by price or newest reads each tag's items in that order from item_tags_price_idx or
-- item_tags_created_idx. Rebuilt for the item whenever its tags, price or creation time change; stock and
-- other edits do not touch it. tag_vocabulary only grows, so it always holds every tag an item has.
CREATE FUNCTION ssd_item_tags_mirror() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM item_tags WHERE item_id = OLD.id;
  END IF;
  INSERT INTO item_tags (tag, item_id, price_paise, created_on)
  SELECT DISTINCT t, NEW.id, NEW.price_paise, NEW.created_on FROM unnest(NEW.tags) AS t WHERE t IS NOT NULL;
  INSERT INTO tag_vocabulary (tag)
  SELECT DISTINCT t FROM unnest(NEW.tags) AS t WHERE t IS NOT NULL ORDER BY t
  ON CONFLICT (tag) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_tags_mirror_insert AFTER INSERT ON items
  FOR EACH ROW EXECUTE FUNCTION ssd_item_tags_mirror();
--> statement-breakpoint
CREATE TRIGGER items_tags_mirror_update AFTER UPDATE OF tags, price_paise, created_on ON items
  FOR EACH ROW
  WHEN (OLD.tags IS DISTINCT FROM NEW.tags OR OLD.price_paise IS DISTINCT FROM NEW.price_paise OR OLD.created_on IS DISTINCT FROM NEW.created_on)
  EXECUTE FUNCTION ssd_item_tags_mirror();
--> statement-breakpoint
INSERT INTO item_tags (tag, item_id, price_paise, created_on)
SELECT DISTINCT t, i.id, i.price_paise, i.created_on FROM items AS i, unnest(i.tags) AS t WHERE t IS NOT NULL;
--> statement-breakpoint
INSERT INTO tag_vocabulary (tag) SELECT DISTINCT tag FROM item_tags ON CONFLICT (tag) DO NOTHING;
--> statement-breakpoint
ANALYZE item_tags;
--> statement-breakpoint
ANALYZE tag_vocabulary;
--> statement-breakpoint
-- A catalog's or shop's prices lie in their own band (earrings are cheap, lehengas dear): without these the
-- planner multiplies "catalog = Earrings" by "price >= 16,200" and expects thousands of rows where there
-- are none, then walks a whole date index looking for them. The MCV lists hold each (catalog, price) pair.
CREATE STATISTICS items_catalog_price_stats (mcv, dependencies) ON catalog, price_paise FROM items;
--> statement-breakpoint
CREATE STATISTICS items_shop_price_stats (mcv, dependencies) ON shop, price_paise FROM items;
--> statement-breakpoint
ALTER STATISTICS items_catalog_price_stats SET STATISTICS 2000;
--> statement-breakpoint
ALTER STATISTICS items_shop_price_stats SET STATISTICS 2000;
--> statement-breakpoint
ANALYZE items;
