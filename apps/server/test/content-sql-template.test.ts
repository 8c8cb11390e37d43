import * as drizzle from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { items } from '../src/db/schema';
import * as ours from '../src/content/sql-template';
import { toQuery } from '../src/content/sql-text';

/**
 * content/sql-template.ts builds the content service's SQL without drizzle's constructor scan: what it builds
 * must be exactly what drizzle's own `sql`, `sql.join` and operators build, as drizzle writes it and as the
 * service's own writer (sql-text.ts) does.
 */

const dialect = new PgDialect();
type Builders = Pick<typeof drizzle, 'and' | 'or' | 'not' | 'isNull' | 'isNotNull' | 'asc' | 'desc'> & { sql: typeof ours.sql };

/** One statement's pieces, built with either module's builders. */
function statement({ sql, and, or, not, isNull, isNotNull, asc, desc }: Builders) {
  const inStock = sql`${items.quantity} > ${0}`;
  const priced = and(sql`${items.price_paise} >= ${500}`, undefined, sql`(${items.price_paise} + 0) <= ${9000}`);
  const where = and(isNull(items.archived_at), or(inStock, not(sql`${items.tags} && ${['silk', "it's"]}`)), priced, isNotNull(items.thumbnail_image), or(undefined), and(inStock));
  const order = sql.join([desc(items.created_on), asc(sql`coalesce(${items.id})`)], sql`, `);
  return sql`select ${sql.identifier('id')} from ${items} where ${where} order by ${order} limit ${10}${sql.raw(' offset 20')}`;
}

describe('the content service builds its SQL as drizzle does (sql-template.ts)', () => {
  const mine = statement({ ...ours, sql: ours.sql });
  const theirs = statement({ ...drizzle, sql: drizzle.sql as unknown as typeof ours.sql });

  it('the same text and parameters, written by drizzle', () => {
    expect(dialect.sqlToQuery(mine)).toEqual(dialect.sqlToQuery(theirs));
    expect(dialect.sqlToQuery(mine).sql).toContain('("items"."price_paise" >= $');
  });

  it('the same, written by the service (sql-text.ts)', () => {
    expect(toQuery(mine)).toEqual(toQuery(theirs));
    expect(toQuery(mine)).toEqual({ sql: dialect.sqlToQuery(theirs).sql, params: dialect.sqlToQuery(theirs).params });
  });

  it('SQL objects drizzle composes and maps like its own', () => {
    expect(mine).toBeInstanceOf(drizzle.SQL);
    expect(drizzle.is(mine, drizzle.SQL)).toBe(true);
    expect(ours.and()).toBeUndefined();
    expect(ours.or(undefined, undefined)).toBeUndefined();
    // mapWith keeps its decoder, as on drizzle's own (read.ts counts this way).
    const counted = ours.sql<number>`count(*)`.mapWith(Number) as unknown as { decoder: { mapFromDriverValue(value: unknown): unknown } };
    expect(counted.decoder.mapFromDriverValue('7')).toBe(7);
  });
});
