import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import type { CollectionDef } from './collections';

/**
 * The planner's estimate of how many visible rows a condition keeps (EXPLAIN, not run), remembered
 * per database and condition. An estimate only chooses how a read is done (read.ts: which index
 * orders a sorted read), never what it answers, so an old one is harmless: it comes from the
 * table's statistics, which change only when ANALYZE runs, and is asked again after ESTIMATE_TTL_MS.
 * Conditions repeat far more than whole requests (the same tags and search words under every price
 * range and page), so a cold request seldom waits for one.
 */

const ESTIMATE_TTL_MS = 10 * 60 * 1000;
const MAX_ESTIMATES = 10_000;

const dialect = new PgDialect();
const perDatabase = new WeakMap<object, LRUCache<string, number>>();

function estimatesOf(db: Database): LRUCache<string, number> {
  let cache = perDatabase.get(db);
  if (!cache) perDatabase.set(db, (cache = new LRUCache<string, number>({ max: MAX_ESTIMATES, ttl: ESTIMATE_TTL_MS })));
  return cache;
}

export async function estimatedRows(db: Database, collection: CollectionDef, condition: SQL): Promise<number> {
  const where = and(collection.visible, condition) ?? sql`true`;
  const query = dialect.sqlToQuery(where);
  const key = `${collection.name}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`;
  const cache = estimatesOf(db);
  const known = cache.get(key);
  if (known !== undefined) return known;
  const result = (await db.execute(sql`explain (format json) select 1 from ${collection.table} where ${where}`)) as unknown as {
    rows?: Array<Record<string, unknown>>;
  };
  let explained = result.rows?.[0]?.['QUERY PLAN'];
  if (typeof explained === 'string') explained = JSON.parse(explained);
  const rows = (explained as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined)?.[0]?.Plan?.['Plan Rows'];
  const estimate = typeof rows === 'number' ? rows : Number.POSITIVE_INFINITY;
  cache.set(key, estimate);
  return estimate;
}
