import { LRUCache } from 'lru-cache';
import type { ChangeFeed } from '../db/change-feed';
import { FeedGeneration } from './feed-generation';

/** Words whose corrections are kept at most: misspellings repeat, but their variety has no end. */
const MAX_WORDS = 20_000;

/**
 * The typo fallback's corrections of each word (search.ts: correctWords), kept in memory while the
 * database's change feed is heard. They come from search_words, which triggers keep from the items'
 * titles, tags, catalogs and shops, so any change of the catalogue drops them all (feed-generation.ts: a
 * change of stock alone cannot touch a word). While changes are not heard, every search reads its
 * corrections. A misspelt search otherwise sends this statement each time, and shoppers' slips repeat:
 * 'neckless', 'banarsi', 'earing' (issue 13).
 */
export class CorrectionCache {
  readonly #kept = new LRUCache<string, string[]>({ max: MAX_WORDS });
  readonly #changes: FeedGeneration;

  constructor(feed: ChangeFeed | null) {
    this.#changes = new FeedGeneration(feed, () => this.#kept.clear());
  }

  /** Each word's corrections: those kept, and the others read at once by `read` (given only those words). */
  async of(words: string[], read: (words: string[]) => Promise<string[][]>): Promise<string[][]> {
    if (!this.#changes.live) return read(words);
    const known = new Map<string, string[]>();
    for (const word of words) {
      const kept = this.#kept.get(word);
      if (kept) known.set(word, kept);
    }
    const missing = [...new Set(words.filter((word) => !known.has(word)))];
    if (missing.length > 0) {
      const found = await this.#changes.read(
        () => read(missing),
        (corrections) => missing.forEach((word, i) => this.#kept.set(word, corrections[i] ?? [])),
      );
      missing.forEach((word, i) => known.set(word, found[i] ?? []));
    }
    return words.map((word) => known.get(word)!);
  }
}
