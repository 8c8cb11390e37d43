CREATE TABLE "item_tag_counts" (
	"tag" text PRIMARY KEY NOT NULL,
	"in_stock" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE INDEX "item_tag_counts_popular_idx" ON "item_tag_counts" USING btree ("in_stock" DESC NULLS LAST,"tag");--> statement-breakpoint
-- Kept by a row trigger on items: an item counts once per distinct tag while its quantity is above 0.
-- Only changes that move an item's contribution write here (a stock change that keeps it in stock does
-- not), and the rows are written in tag order, so two statements lock them in the same order.
CREATE OR REPLACE FUNCTION ssd_item_tag_counts_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  removed text[] := '{}';
  added text[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.quantity > 0 THEN removed := coalesce(OLD.tags, '{}'); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.quantity > 0 THEN added := coalesce(NEW.tags, '{}'); END IF;
  INSERT INTO item_tag_counts AS c (tag, in_stock)
  SELECT tag, sum(delta)::integer FROM (
    SELECT DISTINCT t AS tag, 1 AS delta FROM unnest(added) AS t
    UNION ALL
    SELECT DISTINCT t, -1 FROM unnest(removed) AS t
  ) AS change
  GROUP BY tag
  HAVING sum(delta) <> 0
  ORDER BY tag
  ON CONFLICT (tag) DO UPDATE SET in_stock = c.in_stock + excluded.in_stock;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_tag_counts AFTER INSERT OR DELETE OR UPDATE OF tags, quantity ON items
  FOR EACH ROW EXECUTE FUNCTION ssd_item_tag_counts_apply();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ssd_item_tag_counts_clear() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM item_tag_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_tag_counts_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_item_tag_counts_clear();
--> statement-breakpoint
INSERT INTO item_tag_counts (tag, in_stock)
SELECT t, count(*)::integer FROM (SELECT DISTINCT i.id, t FROM items AS i, unnest(i.tags) AS t WHERE i.quantity > 0) AS tagged
GROUP BY t;
