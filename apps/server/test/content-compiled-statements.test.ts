import { and } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems, rowsQuery } from '../src/content/read';
import { planSearch } from '../src/content/search';
import { compileRows, runsCompiled } from '../src/content/statements';
import { seededTestApp } from './helper';

/**
 * The rows statement is compiled to one text per query shape and sent straight to the client
 * (statements.ts: on PGlite a statement kept per text, db/pglite-statements.ts; on PostgreSQL unnamed,
 * or, for a shape planned alike for any values, kept and planned generically: decisions/0093).
 * Two addresses of one shape share the text and differ only in their parameters; each must still get
 * its own rows, however often the statement has run (a kept statement may switch to a generic plan
 * after five runs), and its rows must be decoded as drizzle decodes them.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

/** The rows as drizzle's own query builder reads them (the path before statements.ts). */
async function viaDrizzle(query: string) {
  const parsed = parseContentQuery(query);
  const plan = planRead(collection, parsed, parsed.search ? planSearch(collection, parsed.search) : undefined);
  const rows = (await rowsQuery(t.db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset)) as Array<Record<string, unknown>>;
  return rows.map((row) => row.id);
}

function textOf(query: string) {
  const parsed = parseContentQuery(query);
  const plan = planRead(collection, parsed, parsed.search ? planSearch(collection, parsed.search) : undefined);
  return compileRows(plan.collection.table, plan.selection, and(plan.visible, plan.condition), plan.orderBy, plan.limit, plan.offset);
}

const FIELDS = 'fields=id,title,price,created_on,quantity,catalog,tags';

/** Pairs of addresses of one shape, with different values and different answers. */
const PAIRS: Array<[string, string]> = [
  [`${FIELDS}&filter[price][_gte]=100&filter[price][_lte]=900&sort=price&limit=5`, `${FIELDS}&filter[price][_gte]=5000&filter[price][_lte]=50000&sort=price&limit=5`],
  [`${FIELDS}&filter[catalog][_eq]=Sarees&sort=-created_on&limit=4`, `${FIELDS}&filter[catalog][_eq]=Earrings&sort=-created_on&limit=4`],
  [`${FIELDS}&filter[catalog][_in]=Sarees,Lehengas&sort=price&limit=4`, `${FIELDS}&filter[catalog][_in]=Earrings,Bracelets&sort=price&limit=4`],
  [`${FIELDS}&filter[tags][_icontains]=silk&sort=-price&limit=4`, `${FIELDS}&filter[tags][_icontains]=kundan&sort=-price&limit=4`],
  [`${FIELDS}&search=saree&limit=4`, `${FIELDS}&search=jhumka&limit=4`],
  [`${FIELDS}&sort=price&limit=3&offset=3`, `${FIELDS}&sort=price&limit=3&offset=9`],
];

describe('compiled rows statements', () => {
  it('run on the app database handle (not through drizzle)', () => {
    expect(runsCompiled(t.db)).toBe(true);
  });

  it('share one text per shape, with each address its own parameters', () => {
    for (const [a, b] of PAIRS) {
      const [first, second] = [textOf(a), textOf(b)];
      expect(second.text, a).toBe(first.text);
      expect(second.params, a).not.toEqual(first.params);
    }
  });

  it('answer each address of a shape with its own rows, run after run', async () => {
    for (const [a, b] of PAIRS) {
      const [expectedA, expectedB] = [await viaDrizzle(a), await viaDrizzle(b)];
      expect(expectedA, a).not.toEqual(expectedB);
      expect(expectedA.length, a).toBeGreaterThan(0);
      // Eight runs each, alternating: past PostgreSQL's five custom plans of a kept statement.
      for (let run = 0; run < 8; run++) {
        expect((await listItems(t.db, collection, parseContentQuery(a))).data.map((row) => row.id), `${a} run ${run}`).toEqual(expectedA);
        expect((await listItems(t.db, collection, parseContentQuery(b))).data.map((row) => row.id), `${b} run ${run}`).toEqual(expectedB);
      }
    }
  });

  it('decode every field as drizzle does (money, timestamps, tags)', async () => {
    const query = `${FIELDS}&sort=-created_on&limit=20`;
    const answer = await listItems(t.db, collection, parseContentQuery(query));
    // The same statement inside a transaction goes through drizzle's builder and decoders.
    const inTransaction = await t.db.transaction((tx) => listItems(tx, collection, parseContentQuery(query)));
    expect(answer.data.length).toBe(20);
    expect(answer.data).toEqual(inTransaction.data);
    const first = answer.data[0]!;
    expect(typeof first.price).toBe('number');
    expect(first.created_on).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(Array.isArray(first.tags)).toBe(true);
  });
});
