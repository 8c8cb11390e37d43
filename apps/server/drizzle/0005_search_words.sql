-- The vocabulary of the typo fallback of product search (search.ts): every distinct word of an item's
-- title, tags, catalog and shop (the lexemes of weights A–C of items.search_vector), with a trigram
-- index. A misspelt word is corrected against these few hundred words (under a millisecond) instead
-- of comparing the text with every title. Kept in sync by statement-level triggers on items: words of
-- inserted or updated rows are added; words of deleted or updated rows that no item has any more
-- (checked through items_search_idx) are removed.
CREATE TABLE "search_words" ("word" text PRIMARY KEY NOT NULL);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);
--> statement-breakpoint
-- The words of a tsvector that search_words holds: lexemes at weight A, B or C.
CREATE OR REPLACE FUNCTION ssd_vocabulary(v tsvector) RETURNS SETOF text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT u.lexeme FROM unnest(v) AS u WHERE u.weights && ARRAY['A', 'B', 'C'] $$;
--> statement-breakpoint
-- Does some item still hold `word` at weight A, B or C? (`'word':ABC`, answered by items_search_idx.)
CREATE OR REPLACE FUNCTION ssd_word_in_use(word text) RETURNS boolean
  LANGUAGE sql STABLE PARALLEL SAFE
  RETURN EXISTS (
    SELECT 1 FROM items
    WHERE search_vector @@ ('''' || replace(replace(word, '\', '\\'), '''', '''''') || ''':ABC')::tsquery
  );
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ssd_search_words_add() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM new_items, ssd_vocabulary(new_items.search_vector) AS w
    ON CONFLICT (word) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ssd_search_words_remove() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words s
    WHERE s.word IN (SELECT DISTINCT w FROM old_items, ssd_vocabulary(old_items.search_vector) AS w)
      AND NOT ssd_word_in_use(s.word);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only the words an update adds or takes away are looked at: an update that leaves the title, tags,
-- catalog and shop alone (a price, the stock, the rating) does no work here beyond comparing them.
CREATE OR REPLACE FUNCTION ssd_search_words_update() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT w FROM new_items, ssd_vocabulary(new_items.search_vector) AS w
    EXCEPT SELECT w FROM old_items, ssd_vocabulary(old_items.search_vector) AS w
    ON CONFLICT (word) DO NOTHING;
  DELETE FROM search_words s
    WHERE s.word IN (
      SELECT w FROM old_items, ssd_vocabulary(old_items.search_vector) AS w
      EXCEPT SELECT w FROM new_items, ssd_vocabulary(new_items.search_vector) AS w
    )
      AND NOT ssd_word_in_use(s.word);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION ssd_search_words_truncate() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_words;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER items_search_words_insert AFTER INSERT ON items
  REFERENCING NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION ssd_search_words_add();
--> statement-breakpoint
CREATE TRIGGER items_search_words_update AFTER UPDATE ON items
  REFERENCING OLD TABLE AS old_items NEW TABLE AS new_items FOR EACH STATEMENT EXECUTE FUNCTION ssd_search_words_update();
--> statement-breakpoint
CREATE TRIGGER items_search_words_delete AFTER DELETE ON items
  REFERENCING OLD TABLE AS old_items FOR EACH STATEMENT EXECUTE FUNCTION ssd_search_words_remove();
--> statement-breakpoint
CREATE TRIGGER items_search_words_truncate AFTER TRUNCATE ON items
  FOR EACH STATEMENT EXECUTE FUNCTION ssd_search_words_truncate();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM items, ssd_vocabulary(items.search_vector) AS w
  ON CONFLICT (word) DO NOTHING;
