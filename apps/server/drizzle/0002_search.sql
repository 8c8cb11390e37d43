-- Search prerequisites (issue "Storefront"); the column and indexes that use them come in 0003.
-- Trigram matching for the typo fallback of product search (trusted extension since PostgreSQL 13;
-- PGlite loads it as a contrib module, see src/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- array_to_string is only STABLE (it could depend on settings for some element types); for text[] it
-- does not, so this wrapper may be IMMUTABLE, which a generated column needs.
CREATE OR REPLACE FUNCTION ssd_tags_text(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN coalesce(array_to_string(tags, ' '), '');
--> statement-breakpoint
-- The weighted document of an item: title (A) > tags (B) > catalog and shop (C) > description and
-- size description (D). The 'simple' configuration lower-cases and does not stem: the store's words
-- (banarasi, jhumka, kundan, lehenga) are not English, and an English stemmer would mangle them.
CREATE OR REPLACE FUNCTION ssd_item_search_vector(title text, tags text[], catalog text, shop text, description text, size_description text)
  RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('pg_catalog.simple'::regconfig, coalesce(title, '')), 'A')
      || setweight(to_tsvector('pg_catalog.simple'::regconfig, ssd_tags_text(tags)), 'B')
      || setweight(to_tsvector('pg_catalog.simple'::regconfig, coalesce(catalog, '') || ' ' || coalesce(shop, '')), 'C')
      || setweight(to_tsvector('pg_catalog.simple'::regconfig, coalesce(description, '') || ' ' || coalesce(size_description, '')), 'D');
