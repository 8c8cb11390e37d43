import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../src/db/schema';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems, rowsQuery } from '../src/content/read';
import { toQuery } from '../src/content/sql-text';
import { seededTestApp } from './helper';

/**
 * Tag listings sorted by price or newest read one branch per tag from item_tags (decisions/0047):
 * the same rows in the same order as the plain read of the same filter, and item_tags follows every
 * change of an item's tags, price or creation time.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

/**
 * The ids the plan answers by its tag branches, the ids it answers read plainly (no branches), and
 * what the service answers (on this small table, plainly: read.ts readPlainly; on a large one, by the branches).
 */
async function branchedAndPlain(query: string): Promise<{ branched: number[]; plain: number[]; served: number[]; usesBranches: boolean }> {
  const parsed = parseContentQuery(`fields=id&${query}`);
  const answer = await listItems(t.db, collection, parsed);
  const plan = planRead(collection, parsed);
  const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
  const ids = async (rowsPlan: typeof plan) => ((await rowsQuery(t.db, rowsPlan, where, plan.limit, plan.offset)) as Array<{ id: number }>).map((row) => row.id);
  return { branched: await ids(plan), plain: await ids({ ...plan, tagBranches: undefined }), served: answer.data.map((row) => row.id as number), usesBranches: !!plan.tagBranches };
}

async function mirrorDifferences(): Promise<number> {
  const result = (await t.db.execute(sql`
    select count(*)::int as n from (
      (select t as tag, i.id as item_id, i.price_paise, i.created_on, i.archived_at is null, i.quantity > 0, i.updated_on from items i, unnest(i.tags) as t where t is not null
       except select tag, item_id, price_paise, created_on, visible, in_stock, updated_on from item_tags)
      union all
      (select tag, item_id, price_paise, created_on, visible, in_stock, updated_on from item_tags
       except select t, i.id, i.price_paise, i.created_on, i.archived_at is null, i.quantity > 0, i.updated_on from items i, unnest(i.tags) as t where t is not null)
    ) as differences`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

const TAG_FILTERS = [
  'filter[tags][_icontains]=silk',
  'filter[_or][0][tags][_icontains]=FESTIVE&filter[_or][1][tags][_icontains]=kundan',
  'filter[_or][0][tags][_icontains]=bridal&filter[_or][1][tags][_icontains]=pearl&filter[_or][2][tags][_icontains]=zari',
  'filter[tags][_contains]=gold',
  'filter[tags][_eq]=wedding',
  'filter[tags][_in]=party,casual',
  'filter[_or][0][tags][_eq]=new&filter[_or][1][tags][_icontains]=ed',
];
const EXTRA = ['', '&filter[quantity][_gt]=0', '&filter[price][_gte]=1000&filter[price][_lte]=20000', '&filter[quantity][_gt]=0&filter[price][_lt]=5000'];
const SORTS = ['price', '-price', '-created_on', 'created_on', '-created_on,-updated_on', 'price,-created_on'];
const PAGES = ['limit=10&offset=0', 'limit=5&offset=10', 'limit=10&offset=30'];

describe('tag branches', () => {
  it('answer exactly what the plain read answers, for every tags filter, sort and page', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const filter of TAG_FILTERS) {
      for (const extra of EXTRA) {
        for (const sort of SORTS) {
          for (const page of PAGES) {
            const { branched, plain, served, usesBranches } = await branchedAndPlain(`${filter}${extra}&sort=${sort}&${page}`);
            expect(usesBranches, `${filter}${extra}&sort=${sort}`).toBe(true);
            expect(branched, `${filter}${extra}&sort=${sort}&${page}`).toEqual(plain);
            expect(served, `${filter}${extra}&sort=${sort}&${page}`).toEqual(plain);
            compared++;
            if (branched.length > 0) nonEmpty++;
          }
        }
      }
    }
    expect(compared).toBe(TAG_FILTERS.length * EXTRA.length * SORTS.length * PAGES.length);
    // The comparisons are about real pages, not empty answers agreeing.
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  });

  it('are not used where they cannot answer the same rows', async () => {
    const plan = (query: string) => planRead(collection, parseContentQuery(query));
    expect(plan('filter[tags][_nin]=silk&sort=price').tagBranches).toBeUndefined();
    expect(plan('filter[tags][_icontains]=silk&sort=title').tagBranches).toBeUndefined();
    expect(plan('filter[tags][_icontains]=silk').tagBranches).toBeUndefined();
    expect(plan('filter[_or][0][tags][_icontains]=silk&filter[_or][1][title][_icontains]=saree&sort=price').tagBranches).toBeUndefined();
    expect(plan('filter[tags][_icontains]=silk&filter[catalog][_in]=Sarees,Lehengas&sort=price').branches?.values).toEqual(['Sarees', 'Lehengas']);
    expect(plan('filter[tags][_icontains]=silk&filter[catalog][_in]=Sarees,Lehengas&sort=price').tagBranches).toBeUndefined();
    expect(plan('filter[tags][_icontains]=silk&sort=-price').tagBranches).toBeDefined();
    // Read from item_tags alone when it has the whole filter and the order; with items beside it otherwise.
    expect(plan('filter[tags][_icontains]=silk&filter[quantity][_gt]=0&filter[price][_lte]=900&sort=-price').tagBranches?.rest).toBeUndefined();
    // The storefront's "newest" order: item_tags has updated_on too (decisions/0085).
    expect(plan('filter[tags][_icontains]=silk&filter[quantity][_gt]=0&sort=-created_on,-updated_on').tagBranches?.rest).toBeUndefined();
    expect(plan('filter[tags][_icontains]=silk&sort=-created_on,title').tagBranches?.rest).toBeDefined();
    expect(plan('filter[tags][_icontains]=silk&filter[quantity][_gt]=2&sort=price').tagBranches?.rest).toBeDefined();
    expect(plan('filter[tags][_icontains]=silk&filter[title][_icontains]=saree&sort=price').tagBranches?.rest).toBeDefined();
    // A large filter would be sent twice: read plainly instead, so it stays inside the parameter budget.
    const absent = Array.from({ length: 99 }, (_, i) => 1_000_000 + i).join(',');
    expect(plan(`filter[tags][_icontains]=silk&filter[id][_nin]=${absent}&sort=-price`).tagBranches).toBeUndefined();
    const { branched, plain } = await branchedAndPlain(`filter[tags][_icontains]=silk&filter[id][_nin]=${absent}&sort=-price&limit=5`);
    expect(branched).toEqual(plain);
    expect(branched).toHaveLength(5);
  });

  it('follow a staff tag (any case, pattern characters taken literally), a price change, a tag change and a deletion', async () => {
    const [template] = await t.db.select().from(items).limit(1);
    const { id: _id, search_vector: _vector, ...base } = template!;
    const [row] = await t.db
      .insert(items)
      .values({ ...base, title: 'Staff pick test', tags: ['Staff_Pick 100%', 'silk'], price_paise: 123_45, quantity: 3, archived_at: null })
      .returning({ id: items.id });
    const id = row!.id;
    expect(await mirrorDifferences()).toBe(0);
    // Read through the plan's tag branches (item_tags), which the service uses on a large table.
    const ids = async (query: string) => (await branchedAndPlain(query)).branched;

    expect(await ids('filter[tags][_icontains]=staff_pick&sort=price')).toEqual([id]);
    expect(await ids('filter[tags][_icontains]=pick%20100%25&sort=-created_on')).toEqual([id]);
    expect(await ids('filter[tags][_icontains]=staffXpick&sort=price')).toEqual([]);
    expect(await ids('filter[tags][_contains]=staff_pick&sort=price')).toEqual([]);
    expect(await ids('filter[tags][_eq]=Staff_Pick%20100%25&sort=price')).toEqual([id]);

    const cheapest = async () => (await ids('filter[tags][_icontains]=silk&sort=price&limit=1'))[0];
    await t.db.update(items).set({ price_paise: 1 }).where(eq(items.id, id));
    expect(await cheapest()).toBe(id);
    await t.db.update(items).set({ price_paise: 99_999_99 }).where(eq(items.id, id));
    expect(await ids('filter[tags][_icontains]=silk&sort=-price&limit=1')).toEqual([id]);
    expect(await mirrorDifferences()).toBe(0);

    // Out of stock and back (read from item_tags alone: in stock, sorted by price then the item).
    await t.db.update(items).set({ quantity: 0 }).where(eq(items.id, id));
    expect(await mirrorDifferences()).toBe(0);
    expect(await ids('filter[tags][_icontains]=staff&filter[quantity][_gt]=0&sort=price')).toEqual([]);
    expect(await ids('filter[tags][_icontains]=staff&sort=price')).toEqual([id]);
    await t.db.update(items).set({ quantity: 2 }).where(eq(items.id, id));
    expect(await ids('filter[tags][_icontains]=staff&filter[quantity][_gt]=0&sort=price')).toEqual([id]);
    expect(await mirrorDifferences()).toBe(0);

    // An edit moves the item within its creation time's ties in the "newest" order (created_on, then updated_on).
    // (Both created when the template was: `base`.)
    const [twin] = await t.db
      .insert(items)
      .values({ ...base, title: 'Staff pick twin', tags: ['Staff_Pick 100%'], updated_on: new Date('2020-01-01T00:00:00Z'), quantity: 1, archived_at: null })
      .returning({ id: items.id });
    const newest = 'filter[tags][_icontains]=staff_pick&filter[quantity][_gt]=0&sort=-created_on,-updated_on';
    await t.db.update(items).set({ updated_on: new Date('2019-01-01T00:00:00Z') }).where(eq(items.id, id));
    expect(await mirrorDifferences()).toBe(0);
    expect(await ids(newest)).toEqual([twin!.id, id]);
    await t.db.update(items).set({ updated_on: new Date('2021-01-01T00:00:00Z') }).where(eq(items.id, id));
    expect(await mirrorDifferences()).toBe(0);
    expect(await ids(newest)).toEqual([id, twin!.id]);
    await t.db.delete(items).where(eq(items.id, twin!.id));

    await t.db.update(items).set({ archived_at: new Date() }).where(eq(items.id, id));
    expect(await mirrorDifferences()).toBe(0);
    expect(await ids('filter[tags][_icontains]=staff&sort=price')).toEqual([]);
    await t.db.update(items).set({ archived_at: null, tags: ['other'] }).where(eq(items.id, id));
    expect(await ids('filter[tags][_icontains]=staff&sort=price')).toEqual([]);
    expect(await ids('filter[tags][_eq]=other&sort=price')).toEqual([id]);
    expect(await mirrorDifferences()).toBe(0);

    await t.db.delete(items).where(eq(items.id, id));
    expect(await ids('filter[tags][_eq]=other&sort=price')).toEqual([]);
    expect(await mirrorDifferences()).toBe(0);
  });

  it('on a small table, "some tag contains" read from tag_vocabulary answers what the joined tags answer', async () => {
    const [template] = await t.db.select().from(items).limit(1);
    const { id: _id, search_vector: _vector, ...base } = template!;
    const [row] = await t.db
      .insert(items)
      .values({ ...base, title: 'Vocabulary test', tags: ['Staff_Pick 100%', 'Ünïcode Zari', 'back\\slash'], quantity: 3, archived_at: null })
      .returning({ id: items.id });
    const id = row!.id;
    const ids = async (query: string, smallTable: boolean) => {
      const parsed = parseContentQuery(`fields=id&sort=id&limit=100&${query}`);
      const plan = planRead(collection, parsed, undefined, { smallTable });
      const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
      expect(toQuery(where).sql.includes('tag_vocabulary'), query).toBe(smallTable);
      return ((await rowsQuery(t.db, { ...plan, tagBranches: undefined }, where, plan.limit, plan.offset)) as Array<{ id: number }>).map((found) => found.id);
    };
    const texts = ['staff_pick', 'STAFF_PICK', 'pick%20100%25', 'staffXpick', 'ünï', 'ÜNÏCODE', 'zari', 'silk', 'k%201', '%5C', '%25', '_', '', '%1F', 'ed'];
    let nonEmpty = 0;
    for (const text of texts) {
      for (const operator of ['_contains', '_icontains']) {
        for (const query of [`filter[tags][${operator}]=${text}`, `filter[_or][0][tags][${operator}]=${text}&filter[_or][1][tags][_eq]=wedding&filter[quantity][_gt]=0`]) {
          const large = await ids(query, false);
          expect(await ids(query, true), query).toEqual(large);
          // The service reads this small table in the small table's form.
          const served = (await listItems(t.db, collection, parseContentQuery(`fields=id&sort=id&limit=100&${query}`))).data.map((found) => found.id);
          expect(served, query).toEqual(large);
          if (large.length > 0) nonEmpty++;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(texts.length);
    expect(await ids('filter[tags][_icontains]=ÜNÏCODE', true)).toEqual([id]);
    expect(await ids('filter[tags][_contains]=ÜNÏCODE', true)).toEqual([]);
    expect(await ids('filter[tags][_icontains]=pick%20100%25', true)).toEqual([id]);
    expect(await ids('filter[tags][_icontains]=%5C', true)).toEqual([id]);
    await t.db.delete(items).where(eq(items.id, id));
  });
});
