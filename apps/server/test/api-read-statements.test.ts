import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { READS_APPLICATION_NAME } from '../src/db/client';
import { catalogs, items, sessions, shops } from '../src/db/schema';
import { preparedPerDatabase } from '../src/db/prepared';
import { buildTestApp, createUserWithToken, statementsSentDuring, TEST_DATABASE_URL, type TestApp } from './helper';

/**
 * The /api reads a page makes cost one statement each (issue 13): the item and its page together;
 * a signed-in id list checks the session in that same statement (asked every time, never remembered).
 */

let t: TestApp;
let itemId = 0;
let token = '';

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await t.db.insert(catalogs).values({ title: 'Sarees', image: 'img' });
  const rows = await t.db
    .insert(items)
    .values(
      Array.from({ length: 6 }, (_, n) => ({
        title: `Saree ${n}`,
        shop: 'fabrics',
        catalog: 'Sarees',
        price_paise: 99900,
        thumbnail_image: 'thumb',
        quantity: 3,
        tags: ['silk'],
      })),
    )
    .returning({ id: items.id });
  itemId = rows[0]!.id;
  const shopper = await createUserWithToken(t);
  token = shopper.token;
  await t.app.inject({ method: 'PUT', url: '/api/cart/add', headers: { authorization: `Bearer ${token}` }, payload: { item_id: rows[1]!.id } });
  await t.app.inject({ method: 'PUT', url: '/api/wishlist/add', headers: { authorization: `Bearer ${token}` }, payload: { item_id: rows[2]!.id } });
});
afterAll(() => t?.close());

/**
 * How many statements the database was sent while answering `url` (status 200 checked), through `db`:
 * the product page's reads go through the handle for short reads (DatabaseHandle.reads, decisions/0067).
 */
async function statementsOf(url: string, headers: Record<string, string> = {}, db = t.db): Promise<number> {
  const { result: res, texts } = await statementsSentDuring(db, () => t.app.inject({ method: 'GET', url, headers }));
  expect(res.statusCode, res.body).toBe(200);
  return texts.length;
}

describe('one statement per /api read', () => {
  it('product page: suggestions (a page within the catalog), rating, reviews', async () => {
    expect(await statementsOf(`/api/product/suggested?id=${itemId}&limit=3&offset=0`, {}, t.database.reads)).toBe(1);
    expect(await statementsOf(`/api/product/rating/${itemId}`, {}, t.database.reads)).toBe(1);
    expect(await statementsOf(`/api/product/reviews/${itemId}?limit=5&offset=0`, {}, t.database.reads)).toBe(1);
  });

  it('a missing product is known from the same statement (404)', async () => {
    const { texts } = await statementsSentDuring(t.database.reads, async () => {
      for (const url of ['/api/product/suggested?id=999999', '/api/product/rating/999999', '/api/product/reviews/999999']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.json()).toEqual({ code: -1, message: 'Product not found', data: null });
      }
    });
    expect(texts.length).toBe(3);
  });

  it('Popular Tags', async () => {
    expect(await statementsOf('/api/product/tags?limit=10&offset=0', {}, t.database.reads)).toBe(1);
  });

  it("a shopper's cart and wishlist ids: the session is checked in the read's own statement", async () => {
    const headers = { authorization: `Bearer ${token}` };
    expect(await statementsOf('/api/cart/id/list', headers, t.database.reads)).toBe(1);
    expect(await statementsOf('/api/wishlist/id/list', headers, t.database.reads)).toBe(1);
    expect(await statementsOf('/api/list/cart_wishlist', headers, t.database.reads)).toBe(1);
  });

  it('other signed-in calls still check the session in the auth hook first', async () => {
    expect(await statementsOf('/api/cart/list', { authorization: `Bearer ${token}` })).toBe(2);
  });
});

describe('the id lists checked in one statement keep every session rule', () => {
  const EXPIRED = { code: -2, message: 'Your session has expired. Please login again.', data: null };
  const LOGIN = { code: -2, message: 'Please login to continue.', data: null };
  const ID_LISTS = ['/api/cart/id/list', '/api/wishlist/id/list', '/api/list/cart_wishlist'];
  const read = (url: string, bearer?: string) =>
    t.app.inject({ method: 'GET', url, headers: bearer === undefined ? {} : { authorization: `Bearer ${bearer}` } });

  it("each shopper reads their own lists, and only them", async () => {
    const other = await createUserWithToken(t);
    expect((await read('/api/list/cart_wishlist', other.token)).json().data).toEqual({ cart: [], wishlist: [] });
    expect((await read('/api/cart/id/list', other.token)).json().data).toEqual([]);
    expect((await read('/api/wishlist/id/list', other.token)).json().data).toEqual([]);
    const mine = (await read('/api/list/cart_wishlist', token)).json().data;
    expect(mine.cart).toHaveLength(1);
    expect(mine.wishlist).toHaveLength(1);
    expect((await read('/api/cart/id/list', token)).json().data).toEqual(mine.cart);
    expect((await read('/api/wishlist/id/list', token)).json().data).toEqual(mine.wishlist);
  });

  it('no token: 401 Please login; a forged token: 401 session expired', async () => {
    for (const url of ID_LISTS) {
      const none = await read(url);
      expect(none.statusCode).toBe(401);
      expect(none.json()).toEqual(LOGIN);
      const forged = await read(url, `${token.slice(0, -4)}AAAA`);
      expect(forged.statusCode).toBe(401);
      expect(forged.json()).toEqual(EXPIRED);
    }
  });

  it('a revoked (logged out) session or one past its end: 401 session expired at once', async () => {
    for (const end of ['revoked', 'ended'] as const) {
      const shopper = await createUserWithToken(t);
      for (const url of ID_LISTS) expect((await read(url, shopper.token)).statusCode).toBe(200);
      await t.db
        .update(sessions)
        .set(end === 'revoked' ? { revoked_at: new Date() } : { expires_at: new Date(Date.now() - 1000) })
        .where(eq(sessions.user_id, shopper.id));
      for (const url of ID_LISTS) {
        const res = await read(url, shopper.token);
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(EXPIRED);
      }
    }
  });
});

describe('preparedPerDatabase', () => {
  it('builds once per database handle, and separately for another handle', () => {
    const build = vi.fn((handle: { name: string }) => `statement of ${handle.name}`);
    const prepared = preparedPerDatabase(build);
    const one = { name: 'one' };
    const two = { name: 'two' };
    expect([prepared(one), prepared(one), prepared(two), prepared(two)]).toEqual(['statement of one', 'statement of one', 'statement of two', 'statement of two']);
    expect(build).toHaveBeenCalledTimes(2);
  });
});

describe.runIf(TEST_DATABASE_URL)('the product page reads on PostgreSQL (decisions/0067)', () => {
  it('share one connection of their own, which answers many reads at once, each with its own answer', async () => {
    const reads = await Promise.all(
      Array.from({ length: 30 }, (_, n) => t.app.inject({ method: 'GET', url: n % 2 ? `/api/product/rating/${itemId}` : '/api/product/rating/999999' })),
    );
    reads.forEach((res, n) => expect(res.json(), `read ${n}`).toEqual(n % 2 ? { code: 1, message: 'Success', data: { avg_rating: null, total: 0 } } : { code: -1, message: 'Product not found', data: null }));
    const rows = (await t.db.execute(
      sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and application_name = ${READS_APPLICATION_NAME}`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('and the pool run their statements without JIT compilation (decisions/0081)', async () => {
    const jit = async (db: typeof t.db) => ((await db.execute(sql`select current_setting('jit') as jit`)) as unknown as { rows?: Array<{ jit: string }> } & Array<{ jit: string }>);
    const pooled = await jit(t.db);
    const read = await jit(t.database.reads);
    // node-postgres answers { rows }, postgres.js the rows themselves.
    expect((pooled.rows ?? pooled)[0]!.jit).toBe('off');
    expect((read.rows ?? read)[0]!.jit).toBe('off');
  });

  it('plan each statement once, generically, whatever its values (decisions/0096)', async () => {
    // Pages of every size and offset: PostgreSQL's default (auto) would plan each of these runs anew.
    for (let n = 0; n < 8; n += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/api/product/suggested?id=${itemId}&limit=${1 + n}&offset=${n % 3}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toHaveLength(Math.min(1 + n, 5 - (n % 3)));
    }
    // The one reads connection answers about its own prepared statements (postgres.js names them itself).
    const plans = (await t.database.reads.execute(
      sql`select generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where statement like '%json_agg(card order by%'`,
    )) as unknown as Array<{ generic: number; custom: number }>;
    expect(plans).toHaveLength(1);
    expect(plans[0]!.custom).toBe(0);
    expect(plans[0]!.generic).toBeGreaterThanOrEqual(8);
  });
});
