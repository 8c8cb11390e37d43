import { and, inArray, isNull } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database } from '../../db/client';
import type { ChangeEvent } from '../../db/client';
import { stockOnlyItems, type ChangeFeed } from '../../db/change-feed';
import { items } from '../../db/schema';

/** What a reservation prices a line from. */
export interface ProductForPricing {
  id: number;
  title: string;
  shop: string;
  thumbnail: string;
  price: number;
  marketPrice: number | null;
}

/**
 * The products a reservation prices its lines from, kept in memory until the catalogue changes. A hold
 * changes only stock, which sends a stock-only notice (migration 0012) that leaves these alone; any
 * other change of items (a price, a title, a deletion) empties them, on every server, when the
 * notification arrives (db/change-feed.ts). While notifications are not heard nothing is kept. A read
 * that raced a change is handed back but not kept. The popular product of a sale is then read from
 * memory by every checkout instead of once per hold (docs/benchmarks.md, Checkout).
 */
export class ProductReads {
  readonly #kept = new LRUCache<number, ProductForPricing>({ max: 20_000 });
  #generation = 0;

  constructor(
    private readonly db: Database,
    private readonly feed: ChangeFeed | null,
  ) {
    feed?.subscribe((event) => this.onChange(event));
  }

  onChange(event: ChangeEvent): void {
    if (event.type === 'notify' && stockOnlyItems(event.payload)) return;
    this.#generation++;
    this.#kept.clear();
  }

  /** The products of `ids` that exist, in no particular order. */
  async read(ids: readonly number[]): Promise<ProductForPricing[]> {
    if (!this.feed?.live) return this.#query(ids);
    const found: ProductForPricing[] = [];
    const missing: number[] = [];
    for (const id of ids) {
      const kept = this.#kept.get(id);
      if (kept) found.push(kept);
      else missing.push(id);
    }
    if (missing.length === 0) return found;
    const generation = this.#generation;
    const read = await this.#query(missing);
    if (generation === this.#generation && this.feed.live) for (const product of read) this.#kept.set(product.id, product);
    return [...found, ...read];
  }

  #query(ids: readonly number[]): Promise<ProductForPricing[]> {
    return this.db
      .select({
        id: items.id,
        title: items.title,
        shop: items.shop,
        thumbnail: items.thumbnail_image,
        price: items.price_paise,
        marketPrice: items.market_price_paise,
      })
      .from(items)
      // A product staff deleted (archived) cannot be bought: reserve answers 409 product gone.
      .where(and(inArray(items.id, [...ids]), isNull(items.archived_at)));
  }
}
