import { eq, getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnswerCache, type CachedAnswer } from '../src/content/answer-cache';
import { publicCollection } from '../src/content/collections';
import { catalogs, itemImages, items, searchSynonyms, shops } from '../src/db/schema';
import { buildTestApp, TEST_DATABASE_URL, type TestApp } from './helper';

/**
 * The content service's answer cache: answers are kept, and dropped by the database's change
 * notifications (migration 0007), so a write shows in the next read.
 */

const LISTING = '/content/items/items?fields=id,title,price&filter[catalog][_eq]=Sarees&sort=price';

let t: TestApp;
let itemId: number;

async function listedPrice(): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: LISTING });
  expect(response.statusCode).toBe(200);
  const [first] = response.json().data as Array<{ id: number; price: number }>;
  expect(first?.id).toBe(itemId);
  return first!.price;
}

/** Runs `write` with the triggers on items (migrations 0007, 0012) switched off, so no notification is sent. */
async function withoutNotification(write: () => Promise<unknown>) {
  await t.db.execute(sql`alter table items disable trigger items_content_changed`);
  await t.db.execute(sql`alter table items disable trigger items_content_updated`);
  try {
    await write();
  } finally {
    await t.db.execute(sql`alter table items enable trigger items_content_changed`);
    await t.db.execute(sql`alter table items enable trigger items_content_updated`);
  }
}

/**
 * Waits until every change notification committed so far has reached the app's cache: a stock notice
 * for no item, sent now, arrives after them (PostgreSQL delivers notifications in commit order).
 */
async function notificationsDelivered() {
  const before = t.app.contentAnswers!.stats().stockChanges;
  await t.db.execute(sql`select pg_notify('ssd_content_changed', 'stock:2147483647')`);
  await expect.poll(() => t.app.contentAnswers!.stats().stockChanges, { timeout: 5000, interval: 10 }).toBeGreaterThan(before);
}

const setPrice = (paise: number) => t.db.update(items).set({ price_paise: paise }).where(eq(items.id, itemId));

/** Read, change the price without a notification, read again: the same price means it came from memory. */
async function readsFromMemory(): Promise<boolean> {
  const before = await listedPrice();
  await withoutNotification(() => setPrice(before * 100 + 100));
  return (await listedPrice()) === before;
}

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await t.db.insert(catalogs).values({ title: 'Sarees', image: 'img-sarees', priority: 1 });
  const [row] = await t.db
    .insert(items)
    .values({ title: 'Cotton Saree', shop: 'fabrics', catalog: 'Sarees', price_paise: 99900, quantity: 3, tags: ['cotton'], thumbnail_image: 'thumb-cotton' })
    .returning({ id: items.id });
  itemId = row!.id;
});

afterAll(() => t.close());

describe('the answer cache in the app', () => {
  it('answers a repeated read from memory (a write that sends no notification is not seen)', async () => {
    // Polled: on PostgreSQL the notifications of the setup's inserts arrive a moment later.
    await expect.poll(readsFromMemory, { timeout: 5000, interval: 50 }).toBe(true);
  });

  it('shows a price change in the next read', async () => {
    await setPrice(150000);
    await expect.poll(listedPrice, { timeout: 5000, interval: 20 }).toBe(1500);
  });

  it('keeps a single read and its ETag the same way, and still answers 304 to a client that has it', async () => {
    const url = `/content/items/items/${itemId}?fields=id,quantity`;
    const first = await t.app.inject({ method: 'GET', url });
    expect(first.json()).toEqual({ data: { id: itemId, quantity: 3 } });
    const revalidated = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(revalidated.statusCode).toBe(304);
    await t.db.update(items).set({ quantity: 0 }).where(eq(items.id, itemId));
    await expect
      .poll(async () => (await t.app.inject({ method: 'GET', url })).json().data.quantity, { timeout: 5000, interval: 20 })
      .toBe(0);
    const changed = await t.app.inject({ method: 'GET', url, headers: { 'if-none-match': first.headers.etag as string } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('a change of stock alone keeps listings and drops only that item\'s single reads; in or out of stock drops all', async () => {
    const [other] = await t.db
      .insert(items)
      .values({ title: 'Linen Saree', shop: 'fabrics', catalog: 'Sarees', price_paise: 50_000, quantity: 8, tags: [], thumbnail_image: 'thumb-linen' })
      .returning({ id: items.id });
    try {
      await t.db.update(items).set({ quantity: 3 }).where(eq(items.id, itemId));
      // On PostgreSQL notifications arrive a moment after commit: let those of the setup land first.
      await notificationsDelivered();
      const listing = `/content/items/items?fields=id,quantity&filter[catalog][_eq]=Sarees&sort=id&limit=50`;
      const single = `/content/items/items/${itemId}?fields=id,quantity`;
      const otherSingle = `/content/items/items/${other!.id}?fields=id,quantity`;
      const quantityIn = async (url: string, id: number) => {
        const data = (await t.app.inject({ method: 'GET', url })).json().data;
        return (Array.isArray(data) ? data.find((row: { id: number }) => row.id === id) : data).quantity as number;
      };
      expect(await quantityIn(listing, itemId)).toBe(3);
      expect(await quantityIn(single, itemId)).toBe(3);
      expect(await quantityIn(otherSingle, other!.id)).toBe(8);
      // Keep the other item's answer and the listing: change the other item's stock without a notification...
      await withoutNotification(() => t.db.update(items).set({ quantity: 7 }).where(eq(items.id, other!.id)));
      // ...then this item's stock, as a checkout hold does (3 → 2, still in stock).
      await t.db.update(items).set({ quantity: 2 }).where(eq(items.id, itemId));
      await notificationsDelivered();
      expect(await quantityIn(single, itemId)).toBe(2);
      expect(await quantityIn(listing, itemId)).toBe(3); // the listing was kept
      expect(await quantityIn(otherSingle, other!.id)).toBe(8); // so was the other item's read
      // Out of stock: every answer goes.
      await t.db.update(items).set({ quantity: 0 }).where(eq(items.id, itemId));
      await expect.poll(() => quantityIn(listing, itemId), { timeout: 5000, interval: 20 }).toBe(0);
      expect(await quantityIn(otherSingle, other!.id)).toBe(7);
    } finally {
      await t.db.update(items).set({ quantity: 3 }).where(eq(items.id, itemId));
      await t.db.delete(items).where(eq(items.id, other!.id));
    }
  });

  it('does not keep errors', async () => {
    const url = '/content/items/items/999999';
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    await withoutNotification(() =>
      t.db.insert(items).values({ id: 999999, title: 'Late Saree', shop: 'fabrics', catalog: 'Sarees', price_paise: 9_999_900, quantity: 1, tags: [], thumbnail_image: 'thumb-late' }),
    );
    expect((await t.app.inject({ method: 'GET', url: `${url}?fields=title` })).json()).toEqual({ data: { title: 'Late Saree' } });
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(200);
  });

  it('every table a public collection reads sends a change notification', async () => {
    const read = new Set<string>();
    for (const name of ['items', 'catalogs', 'banners', 'shops']) {
      const collection = publicCollection(name)!;
      read.add(getTableName(collection.table));
      for (const field of Object.values(collection.fields)) if (field.kind === 'o2m') read.add(getTableName(field.table));
    }
    expect(read).toEqual(new Set(['items', getTableName(itemImages), 'catalogs', 'banners', 'shops']));
    // Search reads the synonyms of its words too (content/synonyms.ts).
    read.add(getTableName(searchSynonyms));
    const result = await t.db.execute(sql`
      select c.relname as table_name from pg_trigger g join pg_class c on c.oid = g.tgrelid
      join pg_proc p on p.oid = g.tgfoid
      where p.proname = 'ssd_notify_content_changed' and not g.tgisinternal`);
    const rows = (result as unknown as { rows: Array<{ table_name: string }> }).rows;
    expect(new Set(rows.map((row) => row.table_name))).toEqual(read);
  });
});

describe.runIf(TEST_DATABASE_URL)('PostgreSQL only: the listening connection', () => {
  it('when it breaks, every read goes to the database until it listens again', async () => {
    await expect.poll(readsFromMemory, { timeout: 5000, interval: 50 }).toBe(true);
    await t.db.execute(sql`
      select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and query ilike 'listen%'`);
    // Without notifications nothing is served from memory: an unnotified write shows at once.
    await expect
      .poll(async () => {
        await withoutNotification(() => setPrice(160000 + Math.floor(Math.random() * 1000) * 100));
        const [row] = await t.db.select({ price: items.price_paise }).from(items).where(eq(items.id, itemId));
        return (await listedPrice()) * 100 === row!.price;
      }, { timeout: 5000, interval: 50 })
      .toBe(true);
    // Listening again (first retry after 0.5 s): answers are kept once more.
    await expect.poll(readsFromMemory, { timeout: 10000, interval: 200 }).toBe(true);
  });
});

describe('AnswerCache', () => {
  const answerOf = (body: string): CachedAnswer => ({ body, etag: `"${body}"` });
  function deferred() {
    let resolve!: (answer: CachedAnswer) => void;
    const promise = new Promise<CachedAnswer>((r) => (resolve = r));
    return { promise, resolve };
  }

  it('keeps an answer and serves it without reading again', async () => {
    const cache = new AnswerCache({ maxChars: 1000 });
    cache.setLive(true);
    let reads = 0;
    const read = async () => answerOf(`read ${++reads}`);
    expect((await cache.answer('/a', read)).body).toBe('read 1');
    expect((await cache.answer('/a', read)).body).toBe('read 1');
    expect(reads).toBe(1);
    expect(cache.stats()).toMatchObject({ hits: 1, misses: 1, entries: 1 });
  });

  it('shares one read between concurrent requests for the same answer', async () => {
    const cache = new AnswerCache({ maxChars: 1000 });
    cache.setLive(true);
    const pending = deferred();
    let reads = 0;
    const read = () => {
      reads++;
      return pending.promise;
    };
    const both = Promise.all([cache.answer('/a', read), cache.answer('/a', read)]);
    pending.resolve(answerOf('x'));
    expect((await both).map((a) => a.body)).toEqual(['x', 'x']);
    expect(reads).toBe(1);
  });

  it('does not keep an answer whose read began before a change', async () => {
    const cache = new AnswerCache({ maxChars: 1000 });
    cache.setLive(true);
    const old = deferred();
    const racing = cache.answer('/a', () => old.promise);
    cache.invalidate(); // the write's notification arrives while the read is under way
    old.resolve(answerOf('old'));
    expect((await racing).body).toBe('old'); // its caller asked before the change was heard
    expect((await cache.answer('/a', async () => answerOf('new'))).body).toBe('new');
  });

  it('after a change, reads again instead of joining a read that began before it', async () => {
    const cache = new AnswerCache({ maxChars: 1000 });
    cache.setLive(true);
    const old = deferred();
    void cache.answer('/a', () => old.promise);
    cache.invalidate();
    expect((await cache.answer('/a', async () => answerOf('new'))).body).toBe('new');
    old.resolve(answerOf('old'));
  });

  it('serves nothing from memory while changes cannot be heard, and starts empty when they can again', async () => {
    const cache = new AnswerCache({ maxChars: 1000 });
    let reads = 0;
    const read = async () => answerOf(`read ${++reads}`);
    // Not live until the listening starts.
    await cache.answer('/a', read);
    await cache.answer('/a', read);
    expect(reads).toBe(2);
    cache.onChange({ type: 'restored' });
    await cache.answer('/a', read);
    await cache.answer('/a', read);
    expect(reads).toBe(3);
    cache.onChange({ type: 'lost' });
    expect(cache.stats().entries).toBe(0);
    expect((await cache.answer('/a', read)).body).toBe('read 4');
    cache.onChange({ type: 'restored' });
    expect((await cache.answer('/a', read)).body).toBe('read 5');
    cache.onChange({ type: 'notify', payload: 'items' });
    expect((await cache.answer('/a', read)).body).toBe('read 6');
  });

  it("a stock change drops only the changed items' single reads, and does not keep one read across it", async () => {
    const cache = new AnswerCache({ maxChars: 10_000 });
    cache.setLive(true);
    let reads = 0;
    const read = async () => answerOf(`read ${++reads}`);
    await cache.answer('/items?list', read);
    await cache.answer('/items/7', read, 7);
    await cache.answer('/items/8', read, 8);
    const racing = deferred();
    const inFlight = cache.answer('/items/7?fields=quantity', () => racing.promise, 7);
    cache.onChange({ type: 'notify', payload: 'stock:7,9' });
    racing.resolve(answerOf('old 7'));
    expect((await inFlight).body).toBe('old 7');
    expect((await cache.answer('/items?list', read)).body).toBe('read 1');
    expect((await cache.answer('/items/8', read, 8)).body).toBe('read 3');
    expect((await cache.answer('/items/7', read, 7)).body).toBe('read 4');
    expect((await cache.answer('/items/7?fields=quantity', read, 7)).body).toBe('read 5');
    expect(cache.stats()).toMatchObject({ stockChanges: 1 });
    // Anything else drops everything, as before.
    cache.onChange({ type: 'notify', payload: 'items' });
    expect((await cache.answer('/items?list', read)).body).toBe('read 6');
  });

  it('drops the least recently used answers beyond its size', async () => {
    const cache = new AnswerCache({ maxChars: 60 });
    cache.setLive(true);
    let reads = 0;
    const read = async () => answerOf(`${'x'.repeat(20)}${++reads}`);
    await cache.answer('/a', read); // 2 + 21 + 23 = 46 characters
    await cache.answer('/b', read); // pushes /a out
    await cache.answer('/a', read);
    expect(reads).toBe(3);
    expect(cache.stats().entries).toBe(1);
  });
});
