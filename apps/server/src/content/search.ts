import { type SQL } from 'drizzle-orm';
import { and, desc, or, sql } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { isRelation, publicField, type CollectionDef } from './collections';
import type { CorrectionCache } from './corrections';
import type { Lexicon, LexiconCache } from './lexicon';
import type { Vocabulary } from './trigrams';
import type { VisibleRowCounts } from './visible-rows';
import { estimatedRows, tableSize, type TableSize } from './estimates';
import { plansGenerically } from './statements';
import { containsPattern, someTagContains } from './filter-sql';
import { NO_SYNONYMS, variantsOf, type SynonymIndex } from './synonyms';

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
 * In both, each word also matches the other words of its synonym group (synonyms.ts: spelling variants
 * of the trade staff keep in search_synonyms, e.g. jhumka/jhumki/jumka): 'jhumki' finds the jhumkas
 * too, and a correction's group joins it ('jhumkii' → jhumki → every jhumka).
 * Which of the two applies depends on the text (and the synonyms) only, not on filters or paging, so
 * every page and the count of one search agree. When the text as typed matches nothing, a read may
 * also ask for a spelling the store knows (`meta=suggestion`: spellingSuggestion).
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
  /** Ranked search only: the tsquery matched against the document, the text it is built from (search-table.ts), and whether it is computed once per statement (toTsQuery). */
  match?: { query: SQL; text: string; once?: boolean };
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

/** A word as a tsquery operand: quoted, so nothing in it is tsquery syntax (search words hold only letters, digits, dots and hyphens anyway). */
function quoted(word: string): string {
  return `'${word.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`;
}

/**
 * One word's operand: the typed word or any of its synonyms, all prefixes when the word is the last
 * one (so 'lengha' finds what 'lehenga' does, the Lehengas catalogue too), then any other option
 * (corrections) whole.
 */
function anyOf(typed: string, synonyms: readonly string[], prefix: boolean, others: Iterable<string> = []): string {
  const options = new Set([typed, ...synonyms].map((word) => `${quoted(word)}${prefix ? ':*' : ''}`));
  for (const other of others) if (other !== typed && !synonyms.includes(other)) options.add(quoted(other));
  return options.size === 1 ? [...options][0]! : `(${[...options].join(' | ')})`;
}

/** The to_tsquery input for the words: each one or a synonym of it, all required, the last as a prefix. */
export function tsQueryText(words: string[], synonyms: SynonymIndex = NO_SYNONYMS): string {
  return words.map((word, i) => anyOf(word, variantsOf(synonyms, word), i === words.length - 1)).join(' & ');
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
async function correctWords(db: Database, words: string[], vocabulary?: Vocabulary): Promise<string[][]> {
  // A small store's vocabulary kept in memory answers what it can exactly (trigrams.ts); the rest is asked.
  const known = words.map((word) => vocabulary?.corrections(word, TYPO_THRESHOLD, MAX_CORRECTIONS));
  const asked = words.filter((_, i) => !known[i]);
  if (asked.length === 0) return known as string[][];
  const answered = await correctWordsInDatabase(db, asked);
  return known.map((corrections) => corrections ?? (answered.shift() as string[]));
}

/** correctWords, asked of the database: one statement for all the words. */
async function correctWordsInDatabase(db: Database, words: string[]): Promise<string[][]> {
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
 * The to_tsquery input for corrected words: each word one of its corrections or their synonyms (or
 * the word as typed, the last one as a prefix, or its synonyms), all words required.
 */
export function correctedTsQueryText(words: string[], corrections: string[][], synonyms: SynonymIndex = NO_SYNONYMS): string {
  return words
    .map((word, i) => {
      const others = (corrections[i] ?? []).flatMap((correction) => variantsOf(synonyms, correction));
      const operand = anyOf(word, variantsOf(synonyms, word), i === words.length - 1, others);
      return operand.startsWith('(') ? operand : `(${operand})`;
    })
    .join(' & ');
}

/**
 * `to_tsquery` of a search's text, as a statement computes it. `once`: the statement is planned without
 * its values (statements.ts: plansGenerically, the embedded store), where the call is not folded into a
 * constant and would run again for every row tested and every match ranked; as a scalar subquery it runs
 * once per statement (an InitPlan). On the embedded demo that halved a search count's time (193 → 100 µs).
 * A statement planned for its values keeps the plain call: the planner folds it and estimates the match
 * share from it, which chooses the read on a large table.
 */
function toTsQuery(text: string, once: boolean): SQL {
  const query = sql`to_tsquery('pg_catalog.simple'::regconfig, ${text})`;
  return once ? sql`(select ${query})` : query;
}

/**
 * Whether a search of a table of `table`'s size on `db` computes its tsquery once (toTsQuery): its
 * statements are planned generically, and the table is small. A large table's reads are chosen by the
 * match estimates of the search's condition (read.ts: choosePath, findsAnything), which EXPLAIN can give
 * only for a tsquery it folds into a constant; as a subquery every word would look rare.
 */
export function tsQueryOnce(db: Database, table: TableSize): boolean {
  return plansGenerically(db) && table.form.smallTable;
}

/** tsQueryOnce for a read that has not asked the table's size yet (on PostgreSQL it is not asked at all). */
async function tsQueryOnceFor(db: Database, collection: CollectionDef): Promise<boolean> {
  return plansGenerically(db) && tsQueryOnce(db, await tableSize(db, collection));
}

/**
 * The full-text plan of `text` (no database query): what every search runs first; `once`: see toTsQuery. Collections
 * searched by "contains" get their final plan here (`containsSearch`).
 */
export function planSearch(collection: CollectionDef, text: string, synonyms: SynonymIndex = NO_SYNONYMS, once = false): SearchPlan {
  const fullText = collection.fullText;
  if (!fullText) return containsSearch(collection, text);
  const words = searchWords(text);
  if (words.length === 0) return { condition: sql`false`, order: [], mode: 'none' };
  const queryText = tsQueryText(words, synonyms);
  const query = toTsQuery(queryText, once);
  // The spelling typed ranks above its variants: 'jhumki' lists the jhumkis before the jhumkas.
  const typed = words.some((word) => synonyms.has(word))
    ? toTsQuery(words.map((word, i) => `${quoted(word)}${i === words.length - 1 ? ':*' : ''}`).join(' | '), once)
    : undefined;
  return rankedPlan(fullText.document, fullText.newest, { query, text: queryText, once }, 'fulltext', typed);
}

/**
 * What a search is read with besides its text: the spelling variants staff keep (synonyms.ts), the
 * misspelt words' corrections kept in memory (corrections.ts; null: asked of the database each time),
 * and the kept counts of visible rows (visible-rows.ts; null: relevance always ranks its candidates).
 */
export interface SearchAids {
  synonyms: SynonymIndex;
  corrections: CorrectionCache | null;
  visibleRows: VisibleRowCounts | null;
  /** The words of the documents, kept (lexicon.ts; null: every search is read as typed first). */
  lexicons: LexiconCache | null;
}

export const NO_SEARCH_AIDS: SearchAids = { synonyms: NO_SYNONYMS, corrections: null, visibleRows: null, lexicons: null };

/**
 * A word PostgreSQL reads as JavaScript does, whatever its locale: ASCII letters and digits, lower case.
 * Its tsquery lexeme is the word itself (one token of the 'simple' parser), and pg_trgm takes it as one
 * word (trigrams.ts). What the store decides in memory about search words, it decides only for these.
 */
export const PLAIN_WORD = /^[a-z0-9]+$/;

/**
 * Whether the full text of `text` (planSearch) matches nothing, because one of its words is in no
 * document: no word of its synonym group is in the lexicon — for the last word, no lexicon word starts
 * with one (it is a prefix). Only plain words are judged: a hyphenated, dotted or non-ASCII word
 * (split or lowered by PostgreSQL's own rules) counts as present. False says nothing: the words may
 * still never meet in one document.
 */
export function someWordUnknown(text: string, lexicon: Lexicon, synonyms: SynonymIndex = NO_SYNONYMS): boolean {
  const words = searchWords(text);
  return words.some((word, i) => {
    const group = variantsOf(synonyms, word);
    if (!group.every((variant) => PLAIN_WORD.test(variant))) return false;
    const last = i === words.length - 1;
    return !group.some((variant) => (last ? lexicon.hasPrefix(variant) : lexicon.has(variant)));
  });
}

/** The typo fallback of a search, and the corrections of its words it was built from. */
export interface TypoFallback {
  plan: SearchPlan;
  /** Per word of the text: its corrections from the vocabulary, best first (possibly none). */
  corrections: string[][];
}

/**
 * The typo fallback of a full-text plan whose text matches no visible row, or null when it matches
 * some: each word corrected from the vocabulary, then the same ranked full-text search. The check
 * and the corrections are asked at once (two statements in flight, one wait). `matchesNothing`: the
 * caller already knows the text matches no visible row (the first page of the search alone came back
 * empty), so only the corrections are asked. Kept corrections (SearchAids) are asked of the database
 * only for the words they do not have; `vocabulary`, a small store's kept one, answers them in memory.
 */
export async function typoFallback(
  db: Database,
  collection: CollectionDef,
  text: string,
  plan: SearchPlan,
  { synonyms, corrections }: SearchAids = NO_SEARCH_AIDS,
  matchesNothing = false,
  vocabulary?: Vocabulary,
): Promise<TypoFallback | null> {
  const fullText = collection.fullText;
  if (!fullText || plan.mode !== 'fulltext') return null;
  const words = searchWords(text);
  // findsAnything: a common word whose page came back empty (a price range its items miss, a page past
  // its matches) is found at once by reading one row; counting its matches cost 70 ms on 100,000 products.
  const correctionsOf = (asked: string[]) =>
    corrections ? corrections.of(asked, (missing) => correctWords(db, missing, vocabulary)) : correctWords(db, asked, vocabulary);
  const [matches, corrected] = await Promise.all([matchesNothing ? false : findsAnything(db, collection, plan), correctionsOf(words)]);
  if (matches) return null;
  const queryText = correctedTsQueryText(words, corrected, synonyms);
  // Written as the search it stands for was (toTsQuery): the read already asked how.
  const once = plan.match?.once ?? false;
  const query = toTsQuery(queryText, once);
  return { plan: rankedPlan(fullText.document, fullText.newest, { query, text: queryText, once }, 'trigram'), corrections: corrected };
}

/** The search as it will run: full text, or the typo fallback when the full text matches nothing at all. */
export async function resolveSearch(db: Database, collection: CollectionDef, text: string, aids: SearchAids = NO_SEARCH_AIDS): Promise<SearchPlan> {
  const plan = planSearch(collection, text, aids.synonyms, await tsQueryOnceFor(db, collection));
  return (await typoFallback(db, collection, text, plan, aids))?.plan ?? plan;
}

/**
 * "Did you mean": for a text that matches nothing as typed, the spelling the store knows — each word
 * as its best correction (a word of a synonym group stays as typed), words the vocabulary has nothing
 * near to left out ('silkk kurtaa' → 'silk') — when that differs from the text and matches something
 * itself; else null. One more count, asked only of misspelt searches that ask for it.
 */
export async function spellingSuggestion(
  db: Database,
  collection: CollectionDef,
  text: string,
  corrections: string[][],
  synonyms: SynonymIndex = NO_SYNONYMS,
): Promise<string | null> {
  const words = searchWords(text);
  const suggested = words.flatMap((word, i) => (synonyms.has(word) ? [word] : (corrections[i] ?? []).slice(0, 1)));
  const suggestion = suggested.join(' ');
  if (suggestion === '' || suggestion === words.join(' ')) return null;
  return (await findsAnything(db, collection, planSearch(collection, suggestion, synonyms, await tsQueryOnceFor(db, collection)))) ? suggestion : null;
}

/** From this many estimated matches, whether a plan finds anything is asked by reading one row. */
const MANY_MATCHES = 1000;

/**
 * Does the plan match any visible row? Unlike a misspelt text, a suggestion is made of the store's
 * own words and often matches thousands ('silk': counting them all took 76 ms on 100,000 products);
 * then the first match is found at once by reading one row. Few expected matches are counted through
 * the full-text index (matchesAnything). The planner's estimate only picks the path, never the answer.
 */
export async function findsAnything(db: Database, collection: CollectionDef, plan: SearchPlan, manyMatches = MANY_MATCHES): Promise<boolean> {
  // A table that small (the demo store) is counted without asking about the plan's condition.
  if ((await estimatedRows(db, collection, sql`true`)) < manyMatches || (await estimatedRows(db, collection, plan.condition)) < manyMatches) {
    return matchesAnything(db, collection, plan);
  }
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(collection.table)
    .where(and(collection.visible, plan.condition))
    .limit(1);
  return rows.length > 0;
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

/** `typed`: the words as typed, any of them, whose matches rank higher (a bonus over the query's rank). */
function rankedPlan(document: PgColumn, newest: PgColumn, match: NonNullable<SearchPlan['match']>, mode: 'fulltext' | 'trigram', typed?: SQL): SearchPlan {
  const query = match.query;
  // Normalisation 1: divide by 1 + log(document length), so a short title-heavy document is not
  // outranked by a long description that repeats the word.
  const rank = typed ? sql`(ts_rank_cd(${document}, ${query}, 1) + ts_rank_cd(${document}, ${typed}, 1))` : sql`ts_rank_cd(${document}, ${query}, 1)`;
  return { condition: sql`${document} @@ ${query}`, order: [desc(rank), desc(newest)], candidates: { newest }, match, mode };
}
