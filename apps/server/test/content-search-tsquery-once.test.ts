import { and, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems } from '../src/content/read';
import { SMALL_TABLE } from '../src/content/estimates';
import { planSearch } from '../src/content/search';
import { compileRows, plansGenerically, runRows } from '../src/content/statements';
import { SynonymCache } from '../src/content/synonyms';
import { seededTestApp, statementsSentDuring, TEST_DATABASE_URL } from './helper';

/**
 * A search's tsquery is computed once per statement where statements are planned without their values
 * (search.ts: toTsQuery). PGlite keeps every statement and plans it generically after five runs; there a
 * bare `to_tsquery('simple', $1)` is no constant, so it ran again for every row the filter tested and
 * every match the rank sorted. PostgreSQL's unnamed statements are planned for their values and keep the
 * bare call, whose folded constant the planner estimates the match share from.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;
const FIELDS = 'fields=id,title,price';
const SEARCHES = [
  `${FIELDS}&search=silk saree&limit=6`,
  `${FIELDS}&search=kundan&sort=-price&limit=4&offset=2`,
  // A word of a synonym group: the typed spelling's own tsquery ranks too (two tsqueries in one statement).
  `${FIELDS}&search=jhumki&limit=5`,
];

async function compiled(query: string, once: boolean) {
  const parsed = parseContentQuery(query);
  const synonyms = await new SynonymCache(t.db, null).current();
  const plan = planRead(collection, parsed, planSearch(collection, parsed.search!, synonyms, once));
  return compileRows(plan.collection.table, plan.selection, and(plan.visible, plan.condition), plan.orderBy, plan.limit, plan.offset);
}

/** The generic plan of a statement text (PostgreSQL 16's EXPLAIN GENERIC_PLAN, which PGlite has). */
async function genericPlan(text: string): Promise<string> {
  // `exec`: the simple protocol, so that the parameters stay unbound (a kept statement would bind them).
  const client = (t.db as unknown as { $client: { exec: (text: string) => Promise<Array<{ rows: Array<Record<string, string>> }>> } }).$client;
  const [{ rows }] = (await client.exec(`explain (generic_plan, costs off, verbose) ${text}`)) as [{ rows: Array<Record<string, string>> }];
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

describe("a search's tsquery", () => {
  it('is computed once per statement on the embedded database, where statements are planned generically', async () => {
    expect(plansGenerically(t.db)).toBe(!TEST_DATABASE_URL);
    if (TEST_DATABASE_URL) return; // PostgreSQL: covered by the next test
    for (const query of SEARCHES) {
      const plan = await genericPlan((await compiled(query, true)).text);
      // Only the InitPlans call to_tsquery; the scan's filter and the sort read their results.
      const perRow = plan.split('\n').filter((line) => /Filter:|Sort Key:|ts_rank_cd\(/.test(line) && line.includes('to_tsquery('));
      expect(perRow, `${query}\n${plan}`).toEqual([]);
      expect(plan, query).toContain('InitPlan');
      // The bare call, planned the same way, runs per row: what this form avoids.
      expect(await genericPlan((await compiled(query, false)).text), query).toMatch(/Filter: .*to_tsquery\(/);
    }
  });

  it("is written the same way in a misspelt search's typo fallback", async () => {
    const { result, texts } = await statementsSentDuring(t.db, () => listItems(t.db, collection, parseContentQuery(`${FIELDS}&search=kundun&limit=5`)));
    expect(result.data.length).toBeGreaterThan(0);
    const searches = texts.filter((text) => text.includes('to_tsquery('));
    expect(searches.length).toBeGreaterThan(1); // the text as typed, then its fallback
    for (const text of searches) expect(text.includes('(select to_tsquery('), text).toBe(plansGenerically(t.db));
  });

  it('keeps the bare call where statements are planned for their values, and both forms find the same rows', async () => {
    const once = plansGenerically(t.db);
    for (const query of SEARCHES) {
      const [written, other] = [await compiled(query, once), await compiled(query, !once)];
      expect(written.text.includes('(select to_tsquery('), query).toBe(once);
      const ids = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.id);
      const found = ids(await runRows(t.db, written));
      expect(found.length, query).toBeGreaterThan(0);
      expect(ids(await runRows(t.db, other)), query).toEqual(found);
    }
  });
});

describe("a large table's search on the embedded database", () => {
  const large = seededTestApp();

  it('keeps the bare to_tsquery, whose folded constant gives the match estimates that choose its reads', async () => {
    if (TEST_DATABASE_URL) return; // PostgreSQL plans for values whatever the size (the test above)
    // The planner's row count of items set past SMALL_TABLE, which is how a read learns the table's size
    // (estimates.ts: tableSize, an EXPLAIN). Copying 10,000 items through their triggers took 22 s here.
    await large.db.execute(sql`update pg_class set reltuples = ${SMALL_TABLE * 2} where oid = 'public.items'::regclass`);
    const { texts } = await statementsSentDuring(large.db, () => listItems(large.db, collection, parseContentQuery(`${FIELDS}&search=silk&limit=3`)));
    const searches = texts.filter((text) => text.includes('to_tsquery('));
    expect(searches.length).toBeGreaterThan(0);
    expect(searches.filter((text) => text.includes('(select to_tsquery('))).toEqual([]);
  });
});
