import { count } from 'drizzle-orm';
import type { ChangeFeed } from '../db/change-feed';
import type { Database } from '../db/client';
import type { CollectionDef } from './collections';
import { FeedGeneration } from './feed-generation';

/**
 * How many rows of each collection the public sees (its `visible`), counted once and kept in memory
 * while the database's change feed is heard (feed-generation.ts: a change of stock alone moves no row
 * in or out of sight). While changes are not heard there is no count: the reader must not rely on one.
 *
 * It tells a small store that every search match is a relevance candidate (read.ts: ranksEveryMatch),
 * which only an exact count can: PGlite never runs ANALYZE, so the planner's estimate of an embedded
 * table's size is a guess from its pages.
 */
export class VisibleRowCounts {
  readonly #kept = new Map<CollectionDef, number>();
  readonly #db: Database;
  readonly #changes: FeedGeneration;

  constructor(db: Database, feed: ChangeFeed | null) {
    this.#db = db;
    this.#changes = new FeedGeneration(feed, () => this.#kept.clear());
  }

  /** The exact number of visible rows of `collection`, or undefined while changes are not heard. */
  async of(collection: CollectionDef): Promise<number | undefined> {
    if (!this.#changes.live) return undefined;
    const kept = this.#kept.get(collection);
    if (kept !== undefined) return kept;
    return this.#changes.read(
      async () => {
        const [row] = await this.#db.select({ rows: count() }).from(collection.table).where(collection.visible);
        return row?.rows ?? 0;
      },
      (rows) => this.#kept.set(collection, rows),
    );
  }
}
