import { getTableName, sql } from 'drizzle-orm';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import type { CollectionDef } from './collections';
import { FeedGeneration } from './feed-generation';
import { Vocabulary } from './trigrams';

/**
 * Every word of a collection's full-text documents (the lexemes of items.search_vector, all weights,
 * hidden rows too), sorted: which words a search could match at all (search.ts: someWordUnknown); and
 * the typo fallback's vocabulary (search_words), whose corrections are then found in memory (trigrams.ts).
 */
export class Lexicon {
  readonly #words: Set<string>;
  readonly #sorted: string[];
  readonly vocabulary: Vocabulary;

  constructor(words: Iterable<string>, vocabulary: Iterable<string> = []) {
    this.vocabulary = new Vocabulary(vocabulary);
    this.#words = new Set(words);
    // Code-unit order, as the binary search below compares (not localeCompare).
    this.#sorted = [...this.#words].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  get size(): number {
    return this.#sorted.length;
  }

  has(word: string): boolean {
    return this.#words.has(word);
  }

  /** Whether some word starts with `prefix` (a tsquery's `prefix:*`). */
  hasPrefix(prefix: string): boolean {
    let low = 0;
    let high = this.#sorted.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.#sorted[middle] as string) < prefix) low = middle + 1;
      else high = middle;
    }
    return low < this.#sorted.length && (this.#sorted[low] as string).startsWith(prefix);
  }
}

/** A name of our schema as an identifier in a statement's text. */
function quotedName(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

/**
 * Tables of at most this many rows (the planner's estimate) keep their lexicon. Reading it costs about
 * 60 µs a row on PGlite (ts_stat over every document: 4–7 ms for the demo's 96 products, 518 words), and
 * an embedded database answers nothing else meanwhile; it is read again after every change of the
 * catalogue.
 */
export const LEXICON_ROWS = 1_000;

/**
 * The lexicon of each ranked collection, read once and kept in memory while the database's change feed
 * is heard (feed-generation.ts: a change of stock alone touches no word). While changes are not heard
 * there is none: the reader must not rely on one.
 *
 * Only small tables keep theirs (read.ts, LEXICON_ROWS). A misspelt search that knows its text matches
 * nothing skips the read of it (decisions/0091); a large table knows the same from its search postings
 * (read.ts: lacksAWord). Its words are corrected against the kept vocabulary (decisions/0092).
 */
export class LexiconCache {
  readonly #kept = new Map<CollectionDef, Lexicon>();
  /**
   * Reads under way, shared by those who ask meanwhile. A change does not drop one: it will not be kept
   * (FeedGeneration), and a burst of changes (an import) then costs one read at a time, not one a search.
   */
  readonly #reading = new Map<CollectionDef, Promise<Lexicon>>();
  readonly #db: Database;
  readonly #changes: FeedGeneration;

  constructor(db: Database, feed: ChangeFeed | null) {
    this.#db = db;
    this.#changes = new FeedGeneration(feed, () => this.#kept.clear());
  }

  /**
   * The kept words of `collection`, or undefined: then a read of them begins, if none is under way, and
   * the search goes on without (no shopper waits for the lexicon after a change of the catalogue).
   */
  current(collection: CollectionDef): Lexicon | undefined {
    if (!this.#changes.live) return undefined;
    const kept = this.#kept.get(collection);
    // A failed read leaves nothing kept: the next search begins another.
    if (!kept) this.of(collection).catch(() => undefined);
    return kept;
  }

  /**
   * The words of `collection`'s documents, read now if not kept (or the read under way, which may have
   * begun before a change); undefined while changes are not heard (or it has no document).
   */
  async of(collection: CollectionDef): Promise<Lexicon | undefined> {
    const document = collection.fullText?.document;
    if (!document || !this.#changes.live) return undefined;
    const kept = this.#kept.get(collection);
    if (kept) return kept;
    let reading = this.#reading.get(collection);
    if (!reading) {
      reading = this.#changes.read(
        async () => {
          // ts_stat: every distinct lexeme of the documents, about half the time of unnest + distinct.
          const documents = `select ${quotedName(document.name)} from ${quotedName(getTableName(collection.table))}`;
          const lexemes = await this.#db.select({ word: sql<string>`word` }).from(sql`ts_stat(${documents})`);
          // The vocabulary the typo fallback corrects against (search.ts: correctWords; migration 0005).
          const vocabulary = await this.#db.select({ word: sql<string>`word` }).from(sql`search_words`);
          return new Lexicon(
            lexemes.map((row) => row.word),
            vocabulary.map((row) => row.word),
          );
        },
        (lexicon) => this.#kept.set(collection, lexicon),
      );
      this.#reading.set(collection, reading);
      // Done, kept or failed, the read is not shared any more (a failure is not met again by the next search).
      const settled = () => {
        if (this.#reading.get(collection) === reading) this.#reading.delete(collection);
      };
      reading.then(settled, settled);
    }
    return reading;
  }
}
