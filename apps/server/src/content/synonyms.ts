import { asc } from 'drizzle-orm';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import { searchSynonyms } from '../db/schema';
import { FeedGeneration } from './feed-generation';

/**
 * Spelling variants of the trade that search treats as one word (jhumka/jhumki/jumka, table
 * search_synonyms, migration 0022; staff extend it through /api/admin/search/synonyms): each word of
 * a search matches any word of its group (search.ts).
 *
 * The table is a few dozen rows read by every search, so each server process keeps it in memory and
 * drops its copy when the database says a catalogue table changed (db/change-feed.ts: the table's
 * trigger sends NOTIFY ssd_content_changed; an admin write on this server publishes at once). A copy
 * whose read began before a change is not kept, and while changes cannot be heard every search reads
 * the table, as the answer cache does.
 */

/** word → the words of its group, the word itself first. Words outside every group are absent. */
export type SynonymIndex = ReadonlyMap<string, readonly string[]>;

export const NO_SYNONYMS: SynonymIndex = new Map();

/** The groups as the table holds them: group key → its words, both in alphabetical order. */
export async function readSynonymGroups(db: Database): Promise<Map<string, string[]>> {
  const rows = await db.select().from(searchSynonyms).orderBy(asc(searchSynonyms.group_key), asc(searchSynonyms.word));
  const groups = new Map<string, string[]>();
  for (const row of rows) {
    const words = groups.get(row.group_key) ?? [];
    words.push(row.word);
    groups.set(row.group_key, words);
  }
  return groups;
}

/** Each word of each group → that word, then the rest of its group. */
export function synonymIndex(groups: Iterable<readonly string[]>): SynonymIndex {
  const index = new Map<string, string[]>();
  for (const words of groups) {
    for (const word of words) index.set(word, [word, ...words.filter((other) => other !== word)]);
  }
  return index;
}

/** The words `word` stands for in a search: itself and its group's other words. */
export function variantsOf(synonyms: SynonymIndex, word: string): readonly string[] {
  return synonyms.get(word) ?? [word];
}

export class SynonymCache {
  #kept: SynonymIndex | null = null;
  #pending: Promise<SynonymIndex> | null = null;
  readonly #db: Database;
  /** A change of stock alone cannot touch the synonyms; any other change, or a break in hearing them, drops the copy. */
  readonly #changes: FeedGeneration;

  constructor(db: Database, feed: ChangeFeed | null) {
    this.#db = db;
    this.#changes = new FeedGeneration(feed, () => {
      this.#kept = null;
      this.#pending = null;
    });
  }

  /** The synonyms as the table holds them now (kept, or read once for every search waiting on it). */
  current(): Promise<SynonymIndex> {
    if (!this.#changes.live) return this.#read();
    if (this.#kept) return Promise.resolve(this.#kept);
    if (this.#pending) return this.#pending;
    const reading = this.#changes
      .read(
        () => this.#read(),
        (index) => {
          this.#kept = index;
        },
      )
      .finally(() => {
        if (this.#pending === reading) this.#pending = null;
      });
    this.#pending = reading;
    return reading;
  }

  async #read(): Promise<SynonymIndex> {
    return synonymIndex((await readSynonymGroups(this.#db)).values());
  }
}
