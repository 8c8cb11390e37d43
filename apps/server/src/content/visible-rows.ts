import { count } from 'drizzle-orm';
import { stockOnlyItems, type ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import type { CollectionDef } from './collections';

/**
 * How many rows of each collection the public sees (its `visible`), counted once and kept in memory
 * while the database's change feed is heard. Any change except a stock-only one drops the counts (a
 * change of stock alone moves no row in or out of sight); a count read across a change is handed on
 * but not kept. While changes are not heard there is no count: the reader must not rely on one.
 *
 * It tells a small store that every search match is a relevance candidate (read.ts: ranksEveryMatch),
 * which only an exact count can: PGlite never runs ANALYZE, so the planner's estimate of an embedded
 * table's size is a guess from its pages.
 */
export class VisibleRowCounts {
  readonly #kept = new Map<CollectionDef, number>();
  /** Bumped by every change; a count read across a bump is not kept. */
  #generation = 0;
  readonly #db: Database;
  readonly #feed: ChangeFeed | null;

  constructor(db: Database, feed: ChangeFeed | null) {
    this.#db = db;
    this.#feed = feed;
    feed?.subscribe((event) => {
      if (event.type === 'notify' && stockOnlyItems(event.payload)) return;
      this.#generation++;
      this.#kept.clear();
    });
  }

  /** The exact number of visible rows of `collection`, or undefined while changes are not heard. */
  async of(collection: CollectionDef): Promise<number | undefined> {
    if (!this.#feed?.live) return undefined;
    const kept = this.#kept.get(collection);
    if (kept !== undefined) return kept;
    const generation = this.#generation;
    const [row] = await this.#db.select({ rows: count() }).from(collection.table).where(collection.visible);
    const rows = row?.rows ?? 0;
    if (generation === this.#generation && this.#feed.live) this.#kept.set(collection, rows);
    return rows;
  }
}
