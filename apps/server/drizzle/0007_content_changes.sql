-- Change notifications for the content service's answer cache (apps/server/src/content/answer-cache.ts).
-- After every statement that writes a table the content service reads, NOTIFY ssd_content_changed with
-- the table's name. Each server LISTENs and drops its cached answers when one arrives. NOTIFY is sent at
-- commit (never for a rolled-back write) and takes no row lock, so writers do not queue on each other
-- the way they would on a shared counter row; PostgreSQL folds repeats within one transaction.
CREATE OR REPLACE FUNCTION ssd_notify_content_changed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('ssd_content_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER items_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER item_images_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON item_images
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER catalogs_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON catalogs
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER shops_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON shops
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_content_changed();
--> statement-breakpoint
CREATE TRIGGER banners_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON banners
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_content_changed();
