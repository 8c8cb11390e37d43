-- "Some tag contains x" (the storefront's tags filter) as one trigram-indexed ILIKE: the tags joined
-- with the unit separator (U+001F), which no tag a person types contains. For a value without that
-- character, '%x%' matches the joined text exactly when it matches one of the tags, because a match
-- cannot run across a separator. apps/server/src/content/filter-sql.ts builds the condition.
CREATE OR REPLACE FUNCTION ssd_tags_joined(tags text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN chr(31) || coalesce(array_to_string(tags, chr(31)), '') || chr(31);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS items_tags_trgm_idx ON items USING gin (ssd_tags_joined(tags) gin_trgm_ops);
