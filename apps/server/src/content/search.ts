import { and, desc, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { isRelation, publicField, type CollectionDef } from './collections';
import { containsPattern, someTagContains } from './filter-sql';

/**
 * `search=text`, the one place search is decided.
 *
 * Collections with a full-text document (items) get ranked search:
 * 1. Full text: the words of the text, all required, the last one as a prefix (`silk & sar:*`, so
 *    results appear while the shopper is still typing), matched against items.search_vector
 *    (title A > tags B > catalog, shop C > description, size D; 'simple' configuration, no stemming,
 *    because banarasi, jhumka or kundan are not English words and an English stemmer mangles them),
 *    ranked by ts_rank_cd with length normalisation.
 * 2. When the full text matches no item at all, the typo fallback: each word is corrected against
 *    the store's vocabulary (table search_words: the distinct words of titles, tags, catalogs and
 *    shops, kept in sync by triggers on items; migration 0005) by trigram similarity ≥ TYPO_THRESHOLD
 *    (the word itself first when the vocabulary has it), and the same ranked full-text search runs with
 *    each word as any of its corrections or as typed: 'banarsi saree' finds the Banarasi sarees, 'jhumki'
 *    the jhumkas, 'kundun' the kundan sets. Both steps use indexes (items_search_idx and the trigram
 *    index of search_words), where comparing the text with every title did not.
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
  /**
   * Ranked search only: relevance is computed for a bounded candidate set — the RELEVANCE_CANDIDATES
   * newest matches — not for every match (read.ts: rowsCondition). `newest` is the column they are
   * taken by; the rank orders them, and matches beyond them follow.
   */
  candidates?: { newest: PgColumn };
  /** Which search ran: for tests and logs. */
  mode: 'fulltext' | 'trigram' | 'contains' | 'none';
}

/**
 * Lowest trigram similarity of a misspelt word to a vocabulary word for the typo fallback. Measured:
 * one wrong or missing letter scores 0.4 to 0.6 ('kundun'/'kundan' 0.4, 'banarsi'/'banarasi' 0.55,
 * 'jhumki'/'jhumka' 0.56, 'lehnga'/'lehenga' 0.5, 'kanjivaram'/'kanjeevaram' 0.53).
 */
export const TYPO_THRESHOLD = 0.35;

/** At most this many words take part (a 200-character text could otherwise hold a hundred). */
const MAX_WORDS = 8;

/** At most this many vocabulary words stand for one misspelt word. */
const MAX_CORRECTIONS = 3;

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
    if (field.kind === 'tags') conditions.push(someTagContains(field.column, text, true));
    else if (field.kind === 'text') conditions.push(sql`${field.column} ilike ${pattern}`);
  }
  return { condition: or(...conditions) ?? sql`false`, order: [], mode: 'contains' };
}

/**
 * The corrections of each word from the store's vocabulary (search_words, migration 0005): up to
 * MAX_CORRECTIONS words at trigram similarity ≥ TYPO_THRESHOLD (the word itself first when the
 * vocabulary has it), best first. One query over a few hundred words (GIN trigram index), well under a
 * millisecond. A word with no correction leaves an empty list.
 */
async function correctWords(db: Database, words: string[]): Promise<string[][]> {
  const input = sql.join(
    words.map((word, i) => sql`(${word}::text, ${i}::int)`),
    sql`, `,
  );
  const rows = await db
    .select({ i: sql<number>`q.i`.mapWith(Number), word: sql<string>`c.word` })
    .from(
      sql`(values ${input}) as q(w, i) cross join lateral (
        select s.word from search_words s
        where s.word = q.w or (s.word % q.w and similarity(s.word, q.w) >= ${TYPO_THRESHOLD}::real)
        order by s.word = q.w desc, similarity(s.word, q.w) desc, s.word
        limit ${MAX_CORRECTIONS}
      ) as c`,
    );
  const corrections: string[][] = words.map(() => []);
  // A word the vocabulary has keeps its neighbours too: 'oxidised jhumka' matches no item as typed,
  // but the oxidised jhumkis are what the shopper means.
  for (const row of rows) corrections[row.i]?.push(row.word);
  return corrections;
}

/**
 * The to_tsquery input for corrected words: each word one of its corrections (or the word as typed,
 * the last one as a prefix), all words required.
 */
export function correctedTsQueryText(words: string[], corrections: string[][]): string {
  return words
    .map((word, i) => {
      const options = [`'${word}'${i === words.length - 1 ? ':*' : ''}`];
      for (const correction of corrections[i] ?? []) {
        if (correction !== word) options.push(`'${correction.replace(/'/g, "''").replace(/\\/g, '\\\\')}'`);
      }
      return `(${options.join(' | ')})`;
    })
    .join(' & ');
}

/**
 * The full-text plan of `text` (no database query): what every search runs first. Collections
 * searched by "contains" get their final plan here (`containsSearch`).
 */
export function planSearch(collection: CollectionDef, text: string): SearchPlan {
  const fullText = collection.fullText;
  if (!fullText) return containsSearch(collection, text);
  const words = searchWords(text);
  if (words.length === 0) return { condition: sql`false`, order: [], mode: 'none' };
  const query = sql`to_tsquery('pg_catalog.simple'::regconfig, ${tsQueryText(words)})`;
  return rankedPlan(fullText.document, fullText.newest, query, 'fulltext');
}

/**
 * The typo fallback of a full-text plan whose text matches no visible row, or null when it matches
 * some: each word corrected from the vocabulary, then the same ranked full-text search. The check
 * and the corrections are asked at once (two statements in flight, one wait).
 */
export async function typoFallback(db: Database, collection: CollectionDef, text: string, plan: SearchPlan): Promise<SearchPlan | null> {
  const fullText = collection.fullText;
  if (!fullText || plan.mode !== 'fulltext') return null;
  const words = searchWords(text);
  const [matches, corrections] = await Promise.all([matchesAnything(db, collection, plan), correctWords(db, words)]);
  if (matches) return null;
  const corrected = sql`to_tsquery('pg_catalog.simple'::regconfig, ${correctedTsQueryText(words, corrections)})`;
  return rankedPlan(fullText.document, fullText.newest, corrected, 'trigram');
}

/** The search as it will run: full text, or the typo fallback when the full text matches nothing at all. */
export async function resolveSearch(db: Database, collection: CollectionDef, text: string): Promise<SearchPlan> {
  const plan = planSearch(collection, text);
  return (await typoFallback(db, collection, text, plan)) ?? plan;
}

/**
 * Does the full-text plan match any visible row? An aggregate over every match, so the planner
 * plans for the whole match set and reads it through the full-text index (a bitmap scan: nothing to
 * read on a miss). As `LIMIT 1` it expects an early hit and scans the table, which on a miss (every
 * misspelt search) reads every row.
 */
export async function matchesAnything(db: Database, collection: CollectionDef, plan: SearchPlan): Promise<boolean> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(collection.table)
    .where(and(collection.visible, plan.condition));
  return (row?.n ?? 0) > 0;
}

function rankedPlan(document: PgColumn, newest: PgColumn, query: SQL, mode: 'fulltext' | 'trigram'): SearchPlan {
  // Normalisation 1: divide by 1 + log(document length), so a short title-heavy document is not
  // outranked by a long description that repeats the word.
  const rank = sql`ts_rank_cd(${document}, ${query}, 1)`;
  return { condition: sql`${document} @@ ${query}`, order: [desc(rank), desc(newest)], candidates: { newest }, mode };
}
