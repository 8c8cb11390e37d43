-- Popular Tags count only live products (docs/decisions/0031): an item counts once per distinct tag while
-- its quantity is above 0 and staff have not deleted (archived) it. The trigger now also fires when
-- archived_at changes, so archiving an in-stock product takes its tags out of the counts at once.
CREATE OR REPLACE FUNCTION ssd_item_tag_counts_apply() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  removed text[] := '{}';
  added text[] := '{}';
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.quantity > 0 AND OLD.archived_at IS NULL THEN removed := coalesce(OLD.tags, '{}'); END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW.quantity > 0 AND NEW.archived_at IS NULL THEN added := coalesce(NEW.tags, '{}'); END IF;
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
DROP TRIGGER items_tag_counts ON items;
--> statement-breakpoint
CREATE TRIGGER items_tag_counts AFTER INSERT OR DELETE OR UPDATE OF tags, quantity, archived_at ON items
  FOR EACH ROW EXECUTE FUNCTION ssd_item_tag_counts_apply();
--> statement-breakpoint
-- Recount from the rows, in case any product was archived before this migration.
DELETE FROM item_tag_counts;
--> statement-breakpoint
INSERT INTO item_tag_counts (tag, in_stock)
SELECT t, count(*)::integer FROM (SELECT DISTINCT i.id, t FROM items AS i, unnest(i.tags) AS t WHERE i.quantity > 0 AND i.archived_at IS NULL) AS tagged
GROUP BY t;
