import { and, desc, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { isRelation, publicField, type CollectionDef } from './collections';
import { containsPattern, someTagLike } from './filter-sql';

/**
 * `search=text`, the one place search is decided.
 *
 * Collections with a full-text document (items) get ranked search:
 * 1. Full text: the words of the text, all required, the last one as a prefix (`silk & sar:*`, so
 *    results appear while the shopper is still typing), matched against items.search_vector
 *    (title A > tags B > catalog, shop C > description, size D; 'simple' configuration, no stemming,
 *    because banarasi, jhumka or kundan are not English words and an English stemmer mangles them),
 *    ranked by ts_rank_cd with length normalisation.
 * 2. When the full text matches no item at all, trigram similarity of the text to the title
 *    (pg_trgm `<%`: word_similarity ≥ TYPO_THRESHOLD, answered by the GIN trigram index on title),
 *    ranked by that similarity: 'banarsi saree' finds the Banarasi sarees, 'jhumki' the jhumkas,
 *    'kundun' the kundan sets. The operator reads its threshold from the setting
 *    pg_trgm.word_similarity_threshold (0.6 by default, too strict for one wrong letter in a short
 *    word), so the read runs in a transaction that sets it locally (`setup`).
 * Which of the two applies depends on the text only (not on filters or paging), so every page and the
 * count of one search agree.
 *
 * Other collections keep Directus' plain search: any search field contains the text, case-insensitively.
 */

export interface SearchPlan {
  /** The rows the search keeps (added to the filter). */
  condition: SQL;
  /** Relevance order, best first, used when the request gives no `sort`; empty for plain search. */
  order: SQL[];
  /** To run first, in the same transaction as the reads (a transaction-local setting). */
  setup?: SQL;
  /** Which search ran: for tests and logs. */
  mode: 'fulltext' | 'trigram' | 'contains' | 'none';
}

/**
 * Lowest word similarity of the text to a title for the typo fallback. Measured: one wrong or missing
 * letter scores 0.5 to 0.75 ('kundun'/'Kundan …' 0.57, 'banarsi saree'/'Maroon Banarasi Silk Saree'
 * 0.57, 'lehnga'/'… Lehenga' 0.5), unrelated titles below 0.2.
 */
export const TYPO_THRESHOLD = 0.45;

/** At most this many words take part (a 200-character text could otherwise hold a hundred). */
const MAX_WORDS = 8;

/** Words: runs of letters and digits, keeping inner dots and hyphens (6.3, gold-plated) as the parser does. */
export function searchWords(text: string): string[] {
  const words = text.normalize('NFKC').toLowerCase().match(/[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*/gu) ?? [];
  return words.slice(0, MAX_WORDS);
}

/**
 * The to_tsquery input for the words: each one quoted (so nothing in it is tsquery syntax; the words
 * hold only letters, digits, dots and hyphens anyway), all required, the last as a prefix.
 */
export function tsQueryText(words: string[]): string {
  return words.map((word, i) => `'${word}'${i === words.length - 1 ? ':*' : ''}`).join(' & ');
}

function containsSearch(collection: CollectionDef, text: string): SearchPlan {
  const pattern = containsPattern(text);
  const conditions: SQL[] = [];
  for (const name of collection.searchFields) {
    const field = publicField(collection.fields, name);
    if (!field || isRelation(field)) continue;
    if (field.kind === 'tags') conditions.push(someTagLike(field.column, pattern, true));
    else if (field.kind === 'text') conditions.push(sql`${field.column} ilike ${pattern}`);
  }
  return { condition: or(...conditions) ?? sql`false`, order: [], mode: 'contains' };
}

/** The search of `text` in `collection`: its condition and its relevance order. */
export async function planSearch(db: Database, collection: CollectionDef, text: string): Promise<SearchPlan> {
  const fullText = collection.fullText;
  if (!fullText) return containsSearch(collection, text);
  const words = searchWords(text);
  if (words.length === 0) return { condition: sql`false`, order: [], mode: 'none' };

  const query = sql`to_tsquery('pg_catalog.simple'::regconfig, ${tsQueryText(words)})`;
  const matches = sql`${fullText.document} @@ ${query}`;
  const probe = await db
    .select({ one: sql<number>`1` })
    .from(collection.table)
    .where(and(collection.visible, matches))
    .limit(1);
  if (probe.length > 0) {
    // Normalisation 1: divide by 1 + log(document length), so a short title-heavy document is not
    // outranked by a long description that repeats the word.
    const rank = sql`ts_rank_cd(${fullText.document}, ${query}, 1)`;
    return { condition: matches, order: [desc(rank), desc(fullText.newest)], mode: 'fulltext' };
  }
  const phrase = words.join(' ');
  return {
    condition: sql`${phrase} <% ${fullText.fuzzy}`,
    order: [desc(sql`word_similarity(${phrase}, ${fullText.fuzzy})`), desc(fullText.newest)],
    setup: sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
    mode: 'trigram',
  };
}
