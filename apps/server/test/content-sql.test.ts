import { and, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { planSearch } from '../src/content/search';

/**
 * The SQL the content service writes (no database needed): bare indexed columns on the left,
 * values only as parameters, identifiers only from the allow-lists.
 */

const dialect = new PgDialect();
const items = publicCollection('items')!;

function where(query: string): { sql: string; params: unknown[] } {
  const plan = planRead(items, parseContentQuery(query));
  const { sql, params } = dialect.sqlToQuery(and(plan.condition) as SQL);
  return { sql, params };
}

function orderBy(query: string): string {
  const plan = planRead(items, parseContentQuery(query));
  return plan.orderBy.map((part) => dialect.sqlToQuery(part).sql).join(', ');
}

describe('filters become index-friendly, parameterized SQL', () => {
  it('price in rupees compares price_paise with whole paise', () => {
    expect(where('filter[price][_gte]=1000.5&filter[price][_lt]=2000')).toEqual({
      sql: '("items"."price_paise" >= $1 and "items"."price_paise" < $2)',
      params: [100050, 200000],
    });
  });

  it('_in on catalog is one IN list of parameters', () => {
    expect(where('filter[catalog][_in]=Sarees,Suits')).toEqual({
      sql: '"items"."catalog" in ($1, $2)',
      params: ['Sarees', 'Suits'],
    });
  });

  it('tags _eq and _in use array containment and overlap (the GIN index)', () => {
    expect(where('filter[tags][_eq]=silk')).toEqual({ sql: '"items"."tags" @> array[$1]::text[]', params: ['silk'] });
    expect(where('filter[tags][_in]=silk,party')).toEqual({
      sql: '"items"."tags" && array[$1, $2]::text[]',
      params: ['silk', 'party'],
    });
  });

  it('contains escapes LIKE wildcards inside the parameter', () => {
    expect(where('filter[shop][_icontains]=50%25_off')).toEqual({
      sql: '"items"."shop" ilike $1',
      params: ['%50\\%\\_off%'],
    });
  });

  it('a hostile value stays a parameter', () => {
    const query = where(`filter=${encodeURIComponent(JSON.stringify({ title: { _eq: "'; drop table users; --" } }))}`);
    expect(query).toEqual({ sql: '"items"."title" = $1', params: ["'; drop table users; --"] });
  });

  it('sort maps price to price_paise and ends with the primary key', () => {
    expect(orderBy('sort=-price,created_on')).toBe('"items"."price_paise" desc, "items"."created_on" asc, "items"."id" asc');
    expect(orderBy('sort=-id')).toBe('"items"."id" desc');
  });
});

describe('a shop "contains" that can only mean one shop is an equality (indexable)', () => {
  it('the whole value of one shop, in any case, becomes shop = value', () => {
    expect(where('filter[shop][_icontains]=jewel')).toEqual({ sql: '"items"."shop" = $1', params: ['jewel'] });
    expect(where('filter[shop][_icontains]=FABRICS')).toEqual({ sql: '"items"."shop" = $1', params: ['fabrics'] });
    expect(where('filter[shop][_contains]=fabrics')).toEqual({ sql: '"items"."shop" = $1', params: ['fabrics'] });
  });

  it('part of a shop value, a case-sensitive miss or no shop stays a contains', () => {
    expect(where('filter[shop][_icontains]=fab')).toEqual({ sql: '"items"."shop" ilike $1', params: ['%fab%'] });
    expect(where('filter[shop][_contains]=Jewel')).toEqual({ sql: '"items"."shop" like $1', params: ['%Jewel%'] });
    expect(where('filter[shop][_icontains]=e')).toEqual({ sql: '"items"."shop" ilike $1', params: ['%e%'] });
    expect(where('filter[title][_icontains]=jewel')).toEqual({ sql: '"items"."title" ilike $1', params: ['%jewel%'] });
  });
});

describe('the access path is chosen from the plan, without asking the database while planning', () => {
  const sqlOf = (parts: SQL[]) => parts.map((part) => dialect.sqlToQuery(part).sql).join(', ');

  it('a sort over a tags filter can read the tag matches and sort them (same order, no index matches it)', () => {
    const plan = planRead(items, parseContentQuery('filter[_or][0][tags][_icontains]=silk&filter[quantity][_gt]=0&sort=price'));
    expect(dialect.sqlToQuery(plan.sortProbe!.probe).sql).toContain('ssd_tags_joined');
    expect(dialect.sqlToQuery(plan.sortProbe!.probe).sql).not.toContain('quantity');
    expect(sqlOf(plan.sortProbe!.unindexedOrderBy)).toBe('coalesce("items"."price_paise") asc, "items"."id" asc');
    expect(sqlOf(plan.orderBy)).toBe('"items"."price_paise" asc, "items"."id" asc');
  });

  it('a sort without tags or search has no such choice; an unsorted listing neither', () => {
    expect(planRead(items, parseContentQuery('filter[quantity][_gt]=0&sort=price')).sortProbe).toBeUndefined();
    expect(planRead(items, parseContentQuery('filter[_or][0][tags][_icontains]=silk')).sortProbe).toBeUndefined();
  });

  it('a search without sort ranks a bounded candidate set; with a sort it orders every match', () => {
    const unsorted = planRead(items, parseContentQuery('search=silk'), planSearch(items, 'silk'));
    expect(unsorted.relevance?.newest).toBe(items.fullText!.newest);
    expect(unsorted.sortProbe).toBeUndefined();
    const sorted = planRead(items, parseContentQuery('search=silk&sort=-price'), planSearch(items, 'silk'));
    expect(sorted.relevance).toBeUndefined();
    expect(dialect.sqlToQuery(sorted.sortProbe!.probe).sql).toContain('@@');
  });
});
