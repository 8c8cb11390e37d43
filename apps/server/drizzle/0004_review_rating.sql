-- items.rating is the average of the item's reviews to one decimal (null without reviews), kept here
-- so every writer (seed, the orders issue's review calls, an admin tool, a bulk load) keeps it true.
CREATE OR REPLACE FUNCTION ssd_refresh_item_rating(target integer) RETURNS void
  LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- Lock the item first: in READ COMMITTED the next statement then takes a snapshot that sees every
  -- review committed by a concurrent writer of the same item, so no average is computed from stale rows.
  PERFORM 1 FROM items WHERE id = target FOR UPDATE;
  UPDATE items
     SET rating = (SELECT round(avg(r.rating)::numeric, 1) FROM item_reviews r WHERE r.item_id = target)
   WHERE id = target;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ssd_item_reviews_rating() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM ssd_refresh_item_rating(OLD.item_id);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND (TG_OP = 'INSERT' OR NEW.item_id IS DISTINCT FROM OLD.item_id OR NEW.rating IS DISTINCT FROM OLD.rating) THEN
    PERFORM ssd_refresh_item_rating(NEW.item_id);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER item_reviews_rating
  AFTER INSERT OR UPDATE OF rating, item_id OR DELETE ON item_reviews
  FOR EACH ROW EXECUTE FUNCTION ssd_item_reviews_rating();
--> statement-breakpoint
-- Items rated before reviews existed: the rating now follows the reviews (none yet).
UPDATE items SET rating = NULL WHERE rating IS NOT NULL AND NOT EXISTS (SELECT 1 FROM item_reviews r WHERE r.item_id = items.id);
