import { LRUCache } from 'lru-cache';
import type { ChangeEvent } from '../db/client';
import { stockOnlyItems, type ChangeFeed } from '../db/change-feed';

/**
 * Finished answers of the content service (item reads), kept in memory until the data behind them
 * changes. Listings and searches are most of the store's traffic and repeat a lot (the same first
 * pages of the same catalogs, the same popular searches); answering those from memory is what lets
 * one small server carry it (docs/benchmarks.md, decisions/0016).
 *
 * Never stale: every write to a table the content service reads sends NOTIFY ssd_content_changed
 * at commit (migration 0007), and each answer is dropped when one arrives — except that a change of
 * stock alone which moves no item in or out of stock (a checkout hold or release) sends
 * 'stock:<ids>' (migration 0012) and drops only those items' single reads: listings show whether an
 * item is in stock, and that did not change (decisions/0023). An answer whose reads
 * began before a notification arrived is handed to its caller but not kept, so a read that raced a
 * write cannot refill the cache with the old data. While notifications cannot be heard (the
 * listening connection broke) nothing is kept or served from here: every request reads the database.
 */

export interface CachedAnswer {
  body: string;
  etag: string;
}

export interface AnswerCacheOptions {
  /** Upper bound on the kept answers' size, counted in characters of key, body and ETag. */
  maxChars: number;
  /** A safety net only: notifications are what keeps answers fresh. */
  ttlMs?: number;
}

const DEFAULT_TTL_MS = 10 * 60 * 1000;

export class AnswerCache {
  readonly #answers: LRUCache<string, CachedAnswer>;
  /** Reads under way, so that concurrent requests for the same answer share one read. */
  readonly #pending = new Map<string, Promise<CachedAnswer>>();
  /** Bumped by every change; an answer computed across a bump is not kept. */
  #generation = 0;
  /** True while change notifications are heard; false: pass every request to the database. */
  #live = false;
  #hits = 0;
  #misses = 0;
  #stockChanges = 0;
  /** The keys of single-item reads, by item id, so a stock change drops just those. */
  readonly #keysOfItem = new Map<number, Set<string>>();
  readonly #itemOfKey = new Map<string, number>();
  /** Bumped by a stock change of the item; a single read computed across a bump is not kept. */
  readonly #itemGeneration = new Map<number, number>();

  constructor(options: AnswerCacheOptions) {
    this.#answers = new LRUCache<string, CachedAnswer>({
      maxSize: options.maxChars,
      sizeCalculation: (answer, key) => key.length + answer.body.length + answer.etag.length,
      ttl: options.ttlMs ?? DEFAULT_TTL_MS,
      dispose: (_answer, key) => this.#forgetKey(key),
    });
  }

  /**
   * The answer for `key`: kept, being read by another request, or read now with `read`. `itemId`
   * marks the read of one item, which a stock change of that item drops.
   */
  answer(key: string, read: () => Promise<CachedAnswer>, itemId?: number): Promise<CachedAnswer> {
    if (!this.#live) return read();
    const kept = this.#answers.get(key);
    if (kept) {
      this.#hits++;
      return Promise.resolve(kept);
    }
    const pending = this.#pending.get(key);
    if (pending) {
      this.#hits++;
      return pending;
    }
    this.#misses++;
    const generation = this.#generation;
    const itemGeneration = itemId === undefined ? 0 : (this.#itemGeneration.get(itemId) ?? 0);
    const reading = read()
      .then((answer) => {
        const itemUnchanged = itemId === undefined || (this.#itemGeneration.get(itemId) ?? 0) === itemGeneration;
        if (generation === this.#generation && itemUnchanged) this.#keep(key, answer, itemId);
        return answer;
      })
      .finally(() => {
        if (this.#pending.get(key) === reading) this.#pending.delete(key);
      });
    this.#pending.set(key, reading);
    return reading;
  }

  #keep(key: string, answer: CachedAnswer, itemId: number | undefined): void {
    this.#answers.set(key, answer);
    if (itemId === undefined || !this.#answers.has(key)) return;
    this.#itemOfKey.set(key, itemId);
    let keys = this.#keysOfItem.get(itemId);
    if (!keys) this.#keysOfItem.set(itemId, (keys = new Set()));
    keys.add(key);
  }

  #forgetKey(key: string): void {
    const itemId = this.#itemOfKey.get(key);
    if (itemId === undefined) return;
    this.#itemOfKey.delete(key);
    const keys = this.#keysOfItem.get(itemId);
    keys?.delete(key);
    if (keys?.size === 0) this.#keysOfItem.delete(itemId);
  }

  /** The data changed: forget every answer, and every read under way (it may have seen the old data). */
  invalidate(): void {
    this.#generation++;
    this.#answers.clear();
    this.#pending.clear();
  }

  /** Only these items' stock changed, none in or out of stock: forget their single reads. */
  invalidateItems(itemIds: readonly number[]): void {
    this.#stockChanges++;
    for (const itemId of itemIds) {
      this.#itemGeneration.set(itemId, (this.#itemGeneration.get(itemId) ?? 0) + 1);
      for (const key of [...(this.#keysOfItem.get(itemId) ?? [])]) {
        this.#answers.delete(key);
        this.#pending.delete(key);
      }
    }
  }

  /** Whether changes are heard; either way what is kept may be stale now, so it is dropped. */
  setLive(live: boolean): void {
    this.#live = live;
    this.invalidate();
  }

  /** For logs and the benchmark. */
  stats() {
    return {
      live: this.#live,
      hits: this.#hits,
      misses: this.#misses,
      stockChanges: this.#stockChanges,
      entries: this.#answers.size,
      chars: this.#answers.calculatedSize,
    };
  }

  /** Applies one event of the change feed. */
  onChange(event: ChangeEvent): void {
    if (event.type !== 'notify') return this.setLive(event.type === 'restored');
    const stock = stockOnlyItems(event.payload);
    if (stock) this.invalidateItems(stock);
    else this.invalidate();
  }
}

/** An answer cache that follows the database's change feed; while the feed is dead, nothing is kept. */
export function connectAnswerCache(feed: ChangeFeed, options: AnswerCacheOptions): AnswerCache {
  const cache = new AnswerCache(options);
  feed.subscribe((event) => cache.onChange(event));
  cache.setLive(feed.live);
  return cache;
}
