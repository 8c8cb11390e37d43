CREATE TABLE "search_synonyms" (
	"word" text PRIMARY KEY NOT NULL,
	"group_key" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_synonyms_group_idx" ON "search_synonyms" USING btree ("group_key");--> statement-breakpoint
CREATE INDEX "items_in_stock_created_idx" ON "items" USING btree (("quantity" > 0),"created_on");--> statement-breakpoint
CREATE INDEX "items_catalog_in_stock_created_idx" ON "items" USING btree ("catalog",("quantity" > 0),"created_on");--> statement-breakpoint
-- Search reads the synonyms (content/synonyms.ts keeps them in memory per process): a change tells every
-- server, so each drops its copy and its kept search answers (answer-cache.ts).
CREATE TRIGGER search_synonyms_content_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON search_synonyms
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_notify_content_changed();
--> statement-breakpoint
-- The trade's common spelling variants, for every store (not only the demo): staff extend them.
INSERT INTO search_synonyms (word, group_key) VALUES
  ('jhumka', 'jhumka'), ('jhumki', 'jhumka'), ('jumka', 'jhumka'), ('jhumkas', 'jhumka'),
  ('lehenga', 'lehenga'), ('lehnga', 'lehenga'), ('lengha', 'lehenga'), ('lehanga', 'lehenga'),
  ('kanjivaram', 'kanjivaram'), ('kanjeevaram', 'kanjivaram'), ('kanchipuram', 'kanjivaram'), ('kancheepuram', 'kanjivaram'),
  ('banarasi', 'banarasi'), ('banarsi', 'banarasi'), ('benarasi', 'banarasi'), ('benarsi', 'banarasi'),
  ('chikankari', 'chikankari'), ('chikan', 'chikankari')
ON CONFLICT (word) DO NOTHING;
