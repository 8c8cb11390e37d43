import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/db/change-feed';
import type { DatabaseHandle } from '../src/db/client';
import { catalogs, items, shops } from '../src/db/schema';
import { ProductReads } from '../src/modules/checkout/product-reads';
import { freshDatabase } from './helper';

/**
 * The products a reservation prices its lines from are kept in memory until the catalogue changes
 * (modules/checkout/product-reads.ts): a hold's stock-only notice keeps them, any other change of items
 * drops them, and nothing is kept while the change notifications are not heard. Events are handed to
 * the feed directly here; checkout-holds.test.ts shows a real price change reaching the next reservation.
 */

let database: DatabaseHandle;
let itemId: number;

beforeAll(async () => {
  database = await freshDatabase();
  await database.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await database.db.insert(catalogs).values({ title: 'Sarees', image: 'img' });
  const [row] = await database.db
    .insert(items)
    .values({ title: 'Mysore Silk Saree', shop: 'fabrics', catalog: 'Sarees', price_paise: 129_900, thumbnail_image: 'thumb', quantity: 5 })
    .returning({ id: items.id });
  itemId = row!.id;
});
afterAll(() => database?.close());

const setPrice = (paise: number) => database.db.update(items).set({ price_paise: paise }).where(eq(items.id, itemId));
const priceRead = async (reads: ProductReads) => (await reads.read([itemId]))[0]?.price;

describe('the products a reservation is priced from', () => {
  it('are kept across stock-only notices and dropped by any other change of items', async () => {
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const reads = new ProductReads(database.db, feed);
    await setPrice(129_900);
    expect(await priceRead(reads)).toBe(129_900);

    await setPrice(99_900);
    feed.publish({ type: 'notify', payload: `stock:${itemId}` });
    expect(await priceRead(reads)).toBe(129_900); // kept: a stock change says nothing about prices

    feed.publish({ type: 'notify', payload: 'items' });
    expect(await priceRead(reads)).toBe(99_900);
  });

  it('are read from the database every time while notifications are not heard', async () => {
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const reads = new ProductReads(database.db, feed);
    await setPrice(150_000);
    expect(await priceRead(reads)).toBe(150_000);
    feed.publish({ type: 'lost' });
    await setPrice(160_000);
    expect(await priceRead(reads)).toBe(160_000);
    await setPrice(170_000);
    expect(await priceRead(reads)).toBe(170_000);
    // Heard again: what was kept before may be stale and is not used.
    feed.publish({ type: 'restored' });
    expect(await priceRead(reads)).toBe(170_000);
  });

  it('a read that raced a change is answered but not kept', async () => {
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const reads = new ProductReads(database.db, feed);
    await setPrice(180_000);
    const racing = reads.read([itemId]);
    feed.publish({ type: 'notify', payload: 'items' }); // a change committed while the read was under way
    expect((await racing)[0]?.price).toBe(180_000);
    await setPrice(190_000);
    expect(await priceRead(reads)).toBe(190_000);
  });
});
