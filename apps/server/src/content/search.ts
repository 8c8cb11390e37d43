import { or, sql, type SQL } from 'drizzle-orm';
import { isRelation, publicField, type CollectionDef } from './collections';
import { containsPattern, someTagLike } from './filter-sql';

/**
 * `search=text`: rows where any of the collection's search fields contains the text,
 * case-insensitively (Directus' search, over text fields). The one place search is decided:
 * issue 4 replaces the items branch with ranked full-text search without touching the callers.
 */
export function searchCondition(collection: CollectionDef, text: string): SQL | undefined {
  const pattern = containsPattern(text);
  const conditions: SQL[] = [];
  for (const name of collection.searchFields) {
    const field = publicField(collection.fields, name);
    if (!field || isRelation(field)) continue;
    if (field.kind === 'tags') conditions.push(someTagLike(field.column, pattern, true));
    else if (field.kind === 'text') conditions.push(sql`${field.column} ilike ${pattern}`);
  }
  return or(...conditions);
}
