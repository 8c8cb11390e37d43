-- Stock changes no longer empty every server's whole content answer cache (decisions/0023).
-- An UPDATE of items that changes only stock (quantity, updated_on) and moves no item in or out of stock
-- sends NOTIFY ssd_content_changed 'stock:<id>,<id>...'; the servers then drop only those items' single
-- reads. Every other write to items still sends 'items', which drops everything. Checkout holds and
-- releases are the commonest writes, and almost all of them are of the first kind.
CREATE OR REPLACE FUNCTION ssd_notify_items_updated() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  changed_ids text;
  changed_count integer;
BEGIN
  IF EXISTS (
    SELECT 1
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (to_jsonb(o) - 'quantity' - 'updated_on' - 'search_vector') IS DISTINCT FROM (to_jsonb(n) - 'quantity' - 'updated_on' - 'search_vector')
       OR (o.quantity > 0) IS DISTINCT FROM (n.quantity > 0)
  ) OR (SELECT count(*) FROM old_rows) <> (SELECT count(*) FROM new_rows) THEN
    PERFORM pg_notify('ssd_content_changed', 'items');
    RETURN NULL;
  END IF;
  SELECT string_agg(DISTINCT n.id::text, ','), count(DISTINCT n.id)
    INTO changed_ids, changed_count
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.quantity IS DISTINCT FROM n.quantity;
  IF changed_count = 0 THEN
    RETURN NULL;
  END IF;
  -- A NOTIFY payload must stay under 8000 bytes: a large stock statement drops everything instead.
  IF changed_count > 500 THEN
    PERFORM pg_notify('ssd_content_changed', 'items');
  ELSE
    PERFORM pg_notify('ssd_content_changed', 'stock:' || changed_ids);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS items_content_changed ON items;
--> statement-breakpoint
CREATE TRIGGER items_content_changed AFTER INSERT OR DELETE OR TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER items_content_updated AFTER UPDATE ON items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_items_updated();
