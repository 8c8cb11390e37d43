import { stockOnlyItems, type ChangeFeed } from '../db/change-feed';

/**
 * The rule every copy of catalogue data a process keeps for searches follows (synonyms.ts,
 * corrections.ts, visible-rows.ts): it is kept only while the database's change feed is heard; any
 * change but a stock-only one (which touches no word, synonym or visible row), or a break in hearing
 * them, drops it (`drop`); and what a read began to fetch before a change is handed on but not kept.
 */
export class FeedGeneration {
  /** Bumped by every change that drops the copy. */
  #generation = 0;
  readonly #feed: ChangeFeed | null;

  constructor(feed: ChangeFeed | null, drop: () => void) {
    this.#feed = feed;
    feed?.subscribe((event) => {
      if (event.type === 'notify' && stockOnlyItems(event.payload)) return;
      this.#generation++;
      drop();
    });
  }

  /** Whether changes are heard now: while not, nothing may be kept or relied on. */
  get live(): boolean {
    return !!this.#feed?.live;
  }

  /** What `read` answers, also handed to `keep` when no change came meanwhile and changes are still heard. */
  async read<T>(read: () => Promise<T>, keep: (value: T) => void): Promise<T> {
    const generation = this.#generation;
    const value = await read();
    if (generation === this.#generation && this.live) keep(value);
    return value;
  }
}
