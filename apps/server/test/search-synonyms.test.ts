import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import { auditLog, items } from '../src/db/schema';
import { openDatabase } from '../src/db/client';
import { buildApp } from '../src/app';
import { seedIfEmpty } from '../src/seed/seed';
import { SynonymCache, synonymIndex } from '../src/content/synonyms';
import { ChangeFeed } from '../src/db/change-feed';
import { correctedTsQueryText, findsAnything, planSearch, tsQueryText } from '../src/content/search';
import { publicCollection } from '../src/content/collections';
import { buildTestApp, TEST_DATABASE_URL, TEST_JWT_SECRET, type TestApp } from './helper';
import { adminCaller, callerWithRole, type Caller } from './admin-fixtures';

/**
 * Spelling variants of the trade as one word (issue 12 item 4): the search_synonyms table the
 * migration seeds, used by search; staff extend it through /api/admin/search/synonyms, and every
 * server's next search uses the change. Also "did you mean" (meta=suggestion) and the in_stock sort
 * key (in-stock first in one read). On the demo catalogue, plus a few products of our own.
 */

let t: TestApp;
let admin: Caller;
let shopper: Caller;

const SEEDED_GROUPS = [
  { group: 'banarasi', words: ['banarasi', 'banarsi', 'benarasi', 'benarsi'] },
  { group: 'chikankari', words: ['chikankari', 'chikan'] },
  { group: 'jhumka', words: ['jhumka', 'jhumkas', 'jhumki', 'jumka'] },
  { group: 'kanjivaram', words: ['kanjivaram', 'kancheepuram', 'kanchipuram', 'kanjeevaram'] },
  { group: 'lehenga', words: ['lehenga', 'lehanga', 'lehnga', 'lengha'] },
];

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty(t.db);
  const base = { shop: 'fabrics', catalog: 'Lehengas', price_paise: 1_500_000, thumbnail_image: 'thumb', description: 'Net dupatta' };
  await t.db.insert(items).values([
    { ...base, title: 'Peach Lehenga Choli', tags: ['net'], quantity: 2 },
    { ...base, title: 'Teal Lehenga Choli', tags: ['net'], quantity: 0 },
    { ...base, title: 'Mustard Chunni Dupatta', tags: ['zzsynonymtest'], quantity: 1, catalog: 'Lehengas' },
  ]);
  admin = await adminCaller(t);
  shopper = await callerWithRole(t, 'user');
}, 120_000);
afterAll(() => t?.close());

interface Answer {
  titles: string[];
  meta?: { filter_count?: number; suggestion?: string | null };
}

async function read(app: TestApp['app'], query: string): Promise<Answer> {
  const res = await app.inject({ method: 'GET', url: `/content/items/items?fields=title&limit=-1&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { title: string }[]; meta?: Answer['meta'] };
  return { titles: body.data.map((row) => row.title), meta: body.meta };
}
const search = (text: string, extra = '') => read(t.app, `search=${encodeURIComponent(text)}${extra}`);
const titles = async (text: string) => (await search(text)).titles;

describe('the trade’s spelling variants are one word', () => {
  it('the demo catalogue’s 3 Jhumki and 4 Jhumka products (3 by title, a necklace set by its description): each spelling finds all 7', async () => {
    const jhumki = await t.db.select({ title: items.title }).from(items).where(ilike(items.title, '%jhumki%'));
    const jhumka = await t.db
      .select({ title: items.title })
      .from(items)
      .where(sql`${items.title} ilike '%jhumka%' or ${items.description} ilike '%jhumka%'`);
    expect([jhumki.length, jhumka.length]).toEqual([3, 4]);
    const all = [...jhumki, ...jhumka].map((row) => row.title).sort();
    for (const text of ['jhumki', 'jumka', 'jhumka', 'jhumkas', 'JHUMKI']) expect((await titles(text)).sort(), text).toEqual(all);
  });

  it('the spelling typed ranks first: the jhumkis before the jhumkas', async () => {
    expect((await titles('jhumki')).slice(0, 3).every((title) => /Jhumki$/.test(title))).toBe(true);
    expect((await titles('jumka')).slice(0, 3).every((title) => /Jhumk/.test(title))).toBe(true);
    expect((await titles('jhumka')).slice(0, 3).every((title) => /Jhumka Earrings$/.test(title))).toBe(true);
  });

  it("'lehnga choli' finds the lehenga cholis; 'lengha' every lehenga", async () => {
    expect((await titles('lehnga choli')).sort()).toEqual(['Peach Lehenga Choli', 'Teal Lehenga Choli']);
    const lehengas = await titles('lehenga');
    expect(lehengas.length).toBeGreaterThan(2);
    expect((await titles('lengha')).sort()).toEqual([...lehengas].sort());
  });

  it('keeps the typo tolerance, and a correction brings its group: ‘jhumkii’ finds all 7', async () => {
    expect(await titles('jhumkii')).toHaveLength(7);
    expect((await titles('kundun necklace')).length).toBeGreaterThan(0);
  });

  it('writes each word with its group into the full-text query (the typed word first, a prefix when last)', () => {
    const synonyms = synonymIndex([['jhumka', 'jhumki']]);
    expect(tsQueryText(['gold', 'jhumki'], synonyms)).toBe("'gold' & ('jhumki':* | 'jhumka':*)");
    expect(tsQueryText(['jhumki', 'gold'], synonyms)).toBe("('jhumki' | 'jhumka') & 'gold':*");
    expect(correctedTsQueryText(['jhumkii'], [['jhumki']], synonyms)).toBe("('jhumkii':* | 'jhumki' | 'jhumka')");
    expect(correctedTsQueryText(['jumka', 'gold'], [['jhumka'], ['gold']], synonyms)).toBe("('jumka' | 'jhumka' | 'jhumki') & ('gold':*)");
  });
});

describe('/api/admin/search/synonyms', () => {
  it('lists the groups the migration seeded', async () => {
    const res = await admin.call('GET', '/api/admin/search/synonyms');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual(SEEDED_GROUPS);
  });

  it('answers 401 to a visitor and 403 to a shopper, whatever the call', async () => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const payload = method === 'GET' ? undefined : { group: 'jhumka', words: ['a', 'b'] };
      expect((await t.app.inject({ method, url: '/api/admin/search/synonyms', ...(payload ? { payload } : {}) })).statusCode).toBe(401);
      expect((await shopper.call(method, '/api/admin/search/synonyms', payload)).statusCode).toBe(403);
    }
  });

  it('a group added is used by the next search on this server (a kept answer is dropped), and audited', async () => {
    expect(await titles('odhni')).toEqual([]);
    const res = await admin.call('PUT', '/api/admin/search/synonyms', { words: ['Dupatta', 'chunni', 'odhni', 'chunni'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, message: 'Synonyms saved', data: { group: 'dupatta', words: ['dupatta', 'chunni', 'odhni'] } });
    const dupattas = await titles('dupatta');
    expect(dupattas).toContain('Mustard Chunni Dupatta');
    expect((await titles('odhni')).sort()).toEqual([...dupattas].sort());
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'search_synonyms.put')).orderBy(desc(auditLog.id)).limit(1);
    expect(entry).toMatchObject({ actor_id: admin.id, entity: 'search_synonyms', entity_id: 'dupatta', before: null });
  });

  it('replaces a group by its name, refuses a word of another group, and deletes a group', async () => {
    const replaced = await admin.call('PUT', '/api/admin/search/synonyms', { group: 'dupatta', words: ['odhni', 'dupatta'] });
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(replaced.json().data).toEqual({ group: 'odhni', words: ['odhni', 'dupatta'] });
    expect(await titles('chunni')).toEqual(['Mustard Chunni Dupatta']);

    const taken = await admin.call('PUT', '/api/admin/search/synonyms', { words: ['jhumki', 'earring'] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('‘jhumki’ is already in the group of ‘jhumka’');
    const unknown = await admin.call('PUT', '/api/admin/search/synonyms', { group: 'nosuchgroup', words: ['a1', 'b1'] });
    expect(unknown.statusCode).toBe(404);
    for (const words of [['one'], ['two words', 'x'], ['same', 'SAME'], ['a', "b'c"]]) {
      expect((await admin.call('PUT', '/api/admin/search/synonyms', { words })).statusCode, words.join()).toBe(400);
    }

    const deleted = await admin.call('DELETE', '/api/admin/search/synonyms', { group: 'odhni' });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json().message).toBe('Synonym group deleted');
    expect(await titles('odhni')).toEqual([]);
    expect((await admin.call('DELETE', '/api/admin/search/synonyms', { group: 'odhni' })).statusCode).toBe(404);
    expect((await admin.call('GET', '/api/admin/search/synonyms')).json().data).toEqual(SEEDED_GROUPS);
  });
});

describe('the kept synonyms follow the change feed', () => {
  it('drops its copy on a change, keeps it on a stock-only change, and keeps nothing while changes are not heard', async () => {
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const cache = new SynonymCache(t.db, feed);
    expect((await cache.current()).get('jhumki')).toEqual(['jhumki', 'jhumka', 'jhumkas', 'jumka']);
    await t.db.execute(sql`insert into search_synonyms (word, group_key) values ('zzone', 'zzone'), ('zztwo', 'zzone')`);
    try {
      expect((await cache.current()).has('zzone')).toBe(false); // kept
      feed.publish({ type: 'notify', payload: 'stock:1,2' });
      expect((await cache.current()).has('zzone')).toBe(false); // a stock change cannot touch it
      feed.publish({ type: 'notify', payload: 'search_synonyms' });
      expect((await cache.current()).get('zztwo')).toEqual(['zztwo', 'zzone']);
      feed.publish({ type: 'lost' });
      await t.db.execute(sql`delete from search_synonyms where group_key = 'zzone'`);
      expect((await cache.current()).has('zzone')).toBe(false); // read every time while deaf
    } finally {
      await t.db.execute(sql`delete from search_synonyms where group_key = 'zzone'`);
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('PostgreSQL only: another server on the same database', () => {
  it('uses a synonym group added through this server in its next search, once the notification arrives', async () => {
    const result = await t.db.execute(sql`select current_database() as name`);
    const name = (result as unknown as { rows: Array<{ name: string }> }).rows[0]!.name;
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const database = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 2 });
    const other = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webDistDir: null, logLevel: 'silent' });
    await other.ready();
    try {
      expect((await read(other, 'search=shawlx')).titles).toEqual([]); // kept by the other server now
      const res = await admin.call('PUT', '/api/admin/search/synonyms', { words: ['dupatta', 'shawlx'] });
      expect(res.statusCode, res.body).toBe(200);
      await expect.poll(async () => (await read(other, 'search=shawlx')).titles, { timeout: 5000, interval: 50 }).toContain('Mustard Chunni Dupatta');
    } finally {
      await admin.call('DELETE', '/api/admin/search/synonyms', { group: 'dupatta' });
      await other.close();
      await database.close();
    }
  });
});

describe('did you mean (meta=suggestion)', () => {
  it('offers the spelling the store knows for a misspelt search, and the typo fallback still finds it', async () => {
    const silkk = await search('silkk', '&meta=suggestion');
    expect(silkk.meta).toEqual({ suggestion: 'silk' });
    expect(silkk.titles.length).toBeGreaterThan(0);
  });

  it('leaves out a word nothing in the store is near, when the rest finds something: ‘silkk qwxzv’ → ‘silk’', async () => {
    const found = await search('silkk qwxzv', '&meta=filter_count,suggestion');
    expect(found).toEqual({ titles: [], meta: { filter_count: 0, suggestion: 'silk' } });
  });

  it('offers nothing when the text finds something as typed, or when nothing near finds anything', async () => {
    for (const text of ['silk', 'jhumki', 'sar', 'qwxzv', 'banarasi necklacee earrings']) {
      expect((await search(text, '&meta=suggestion')).meta, text).toEqual({ suggestion: null });
    }
    // Filters narrowing a search to nothing are not a spelling problem.
    const filtered = await search('silk', `&meta=suggestion&filter=${encodeURIComponent(JSON.stringify({ price: { _lt: 0 } }))}`);
    expect(filtered).toEqual({ titles: [], meta: { suggestion: null } });
  });

  it('checks that a suggestion finds something by counting few matches or reading one of many: the same answer', async () => {
    const collection = publicCollection('items')!;
    for (const [text, found] of [['silk', true], ['jhumki', true], ['silk qwxzv', false]] as const) {
      const plan = planSearch(collection, text);
      expect(await findsAnything(t.db, collection, plan, Number.POSITIVE_INFINITY), text).toBe(found);
      expect(await findsAnything(t.db, collection, plan, 0), text).toBe(found);
    }
  });

  it('is absent unless asked for, and null on collections searched by “contains”', async () => {
    expect((await search('silkk')).meta).toBeUndefined();
    const res = await t.app.inject({ method: 'GET', url: '/content/items/catalogs?search=sareez&meta=suggestion' });
    expect(res.json()).toEqual({ data: [], meta: { suggestion: null } });
  });
});

describe('in_stock: in-stock first in one read', () => {
  it('sort=-in_stock,-created_on lists every in-stock product newest first, then the rest newest first', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/content/items/items?fields=id,quantity,created_on&limit=-1&meta=filter_count&sort=-in_stock,-created_on&filter=${encodeURIComponent(JSON.stringify({ shop: { _icontains: 'fabrics' } }))}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ id: number; quantity: number; created_on: string }>; meta: { filter_count: number } };
    const expected = await t.db
      .select({ id: items.id })
      .from(items)
      .where(and(ilike(items.shop, '%fabrics%'), sql`${items.archived_at} is null`))
      .orderBy(desc(sql`${items.quantity} > 0`), desc(items.created_on), items.id);
    expect(body.data.map((row) => row.id)).toEqual(expected.map((row) => row.id));
    expect(body.meta.filter_count).toBe(expected.length);
    const firstOut = body.data.findIndex((row) => row.quantity <= 0);
    expect(firstOut).toBeGreaterThan(0);
    expect(body.data.slice(firstOut).every((row) => row.quantity <= 0)).toBe(true);
  });

  it('sorts ascending too, with a search; it is a sort key only, not a field to read or filter', async () => {
    const found = await search('lehenga choli', '&sort=in_stock');
    expect(found.titles).toEqual(['Teal Lehenga Choli', 'Peach Lehenga Choli']);
    expect((await t.app.inject({ method: 'GET', url: '/content/items/items?fields=in_stock' })).statusCode).toBe(403);
    const filter = encodeURIComponent(JSON.stringify({ in_stock: { _eq: true } }));
    expect((await t.app.inject({ method: 'GET', url: `/content/items/items?filter=${filter}` })).statusCode).toBe(403);
  });
});
