import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePostgresJs } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import pg from 'pg';
import * as schema from './schema';
import { usePreparedStatements } from './pglite-statements';
import { pgliteOptions, type PGliteStart } from './pglite-options';
import { RemotePGlite } from './pglite-remote';
import { useGenericPlans } from './generic-plans';

export type Schema = typeof schema;
/** The one database type the code is written against: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

/** What a change listener hears: a notification, or that notifications may have been missed or flow again. */
export type ChangeEvent = { type: 'notify'; payload: string } | { type: 'lost' } | { type: 'restored' };

export interface DatabaseHandle {
  db: Database;
  /**
   * For short reads of one statement, outside any transaction (a product page's /api calls, a shopper's
   * id lists). On PostgreSQL one connection of their own through postgres.js, which sends the reads of
   * concurrent requests one after another without waiting (pipelining), so that one wake-up of the
   * database serves several of them (decisions/0067); the content service's listings planned once per
   * shape run there too (db/generic-plans.ts, decisions/0100). On PGlite, `db`.
   */
  reads: Database;
  kind: 'pglite' | 'postgres';
  /**
   * LISTEN on `channel` until the returned function is called. On PostgreSQL this holds one connection
   * of its own (outside the pool); when it breaks, 'lost' is reported and it reconnects, reporting
   * 'restored' once it listens again (what was sent in between is not heard).
   */
  listen(channel: string, onEvent: (event: ChangeEvent) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  // dataDir null: in memory (tests). template: a dump of a migrated database (PGlite's dumpDataDir) to start
  // from, so that only the migrations it lacks run (the test suite's one-per-run template, test/global-setup.ts).
  // thread: where PGlite runs, a worker thread of its own (the default) or the server's (decisions/0101).
  | { kind: 'pglite'; dataDir: string | null; template?: Blob; thread?: 'worker' | 'main' }
  // sessionUrl: the same database reached without a transaction pooler, for what holds session state (the
  // migrator's advisory lock, LISTEN); url when absent (decisions/0098).
  | { kind: 'postgres'; url: string; poolSize?: number; sessionUrl?: string };

/** How PostgreSQL's pg_stat_activity names the pipelined connection of DatabaseHandle.reads. */
export const READS_APPLICATION_NAME = 'ssd-store reads';

/** How the reads connection plans its statements (decisions/0096): once per connection, for any values. */
export const READS_PLAN_CACHE_MODE = 'force_generic_plan';

/**
 * Connections each server process keeps to PostgreSQL when DATABASE_POOL_SIZE is not set: about twice
 * the cores of a small database server (two). More connections than the database has cores to run them
 * add no throughput, only backends taking turns on the CPU: on a two-core machine a pool of 10 had the
 * same cold reads a second as 5 and a p95 up to 1.5 times as long (decisions/0065).
 */
export const DEFAULT_POOL_SIZE = 5;

/** The drizzle/ folder of generated SQL migrations, found from src/ (tsx) or dist/ (bundled). */
export function migrationsFolder(): string {
  const here = import.meta.dirname;
  for (const candidate of [resolve(here, '../../drizzle'), resolve(here, '../drizzle')]) {
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`No migrations folder found near ${here}`);
}

/**
 * The app's connections run without PostgreSQL's JIT compilation (decisions/0081). It starts for any
 * statement the planner costs above jit_above_cost (100,000 by default), and the content service's
 * statements of nested LATERAL reads are costed that high while they run in a few milliseconds: a
 * search of two words then spent 27 ms compiling for 2 ms of work.
 */
export const STATEMENT_JIT = 'off';

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    const start = { dataDir: target.dataDir, ...(target.template ? { template: target.template } : {}) };
    // In a worker thread of its own by default, so that HTTP work and the database's overlap (decisions/0101).
    const client = target.thread === 'main' ? await inProcessPGlite(start) : await RemotePGlite.create(start);
    // drizzle's PGlite driver calls only what RemotePGlite has of PGlite's interface (query, transaction).
    const db = drizzlePglite({ client: client as PGlite, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return {
      db: db as unknown as Database,
      reads: db as unknown as Database,
      kind: 'pglite',
      // One in-process connection: nothing to lose, so only notifications are ever reported.
      listen: async (channel, onEvent) => {
        const unlisten = await client.listen(channel, (payload) => onEvent({ type: 'notify', payload }));
        return () => unlisten();
      },
      close: () => client.close(),
    };
  }
  const sessionUrl = target.sessionUrl ?? target.url;
  await migratePostgres(sessionUrl);
  const poolSize = target.poolSize ?? DEFAULT_POOL_SIZE;
  const pool = new pg.Pool({ connectionString: target.url, max: poolSize, options: `-c jit=${STATEMENT_JIT}` });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  // One connection, opened at the first read; a slow statement would hold up the reads queued behind
  // it, so only single short reads go this way (DatabaseHandle.reads).
  // Its statements are planned once, generically (decisions/0096): each reads by key, so no value changes
  // its plan, and PostgreSQL's default would plan a page read (LIMIT and OFFSET parameters) on every run.
  const readsClient = postgres(target.url, {
    max: 1,
    connection: { application_name: READS_APPLICATION_NAME, jit: STATEMENT_JIT, plan_cache_mode: READS_PLAN_CACHE_MODE },
    onnotice: () => {},
  });
  // drizzle's handle first: it makes the client read dates and timestamps as text, as the pool's reads do.
  const reads = drizzlePostgresJs({ client: readsClient, schema }) as unknown as Database;
  // The content service's statements whose plan does not depend on their values go the same way (decisions/0100).
  useGenericPlans(pool, readsClient);
  return {
    db: db as unknown as Database,
    reads,
    kind: 'postgres',
    listen: (channel, onEvent) => listenOnPostgres(sessionUrl, channel, onEvent),
    close: async () => {
      await Promise.all([pool.end(), readsClient.end()]);
    },
  };
}

/** PGlite on the server's own thread, each statement text parsed once, then run with one call into PGlite (decisions/0048). */
async function inProcessPGlite(start: PGliteStart): Promise<PGlite> {
  const client = await PGlite.create(pgliteOptions(start));
  usePreparedStatements(client);
  return client;
}

/** Any number every server agrees on (the demo seed takes 0x55534401 for its own lock). */
export const MIGRATION_LOCK_KEY = 0x55_53_44_02;

/**
 * Applies the pending migrations on a connection of its own that holds a session advisory lock meanwhile:
 * servers starting together on one database migrate one after the other, and the later ones find nothing
 * left to do. (Unserialised, two migrators both create drizzle's bookkeeping table and the same tables, and
 * one fails on a duplicate key.) The lock ends with the connection if the process dies.
 */
async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  // A connection error while migrating surfaces as the failed query; the event alone must not crash.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migratePg(drizzlePg({ client, schema }), { migrationsFolder: migrationsFolder() });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    await client.end().catch(() => {});
  }
}

/** Waits between reconnection attempts of a listener: doubling from 0.5 s, at most 30 s. */
const LISTEN_RETRY_MS = { first: 500, max: 30_000 };

/** A dedicated LISTEN connection that reconnects itself (see DatabaseHandle.listen). */
async function listenOnPostgres(url: string, channel: string, onEvent: (event: ChangeEvent) => void): Promise<() => Promise<void>> {
  let client: pg.Client | null = null;
  let stopped = false;
  let retryTimer: NodeJS.Timeout | null = null;
  let delay = LISTEN_RETRY_MS.first;

  const connect = async () => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onEvent({ type: 'notify', payload: message.payload ?? '' });
    });
    const broken = () => {
      if (client !== next) return; // an old client's late event
      client = null;
      next.removeAllListeners('end');
      next.on('error', () => {});
      void next.end().catch(() => {});
      if (stopped) return;
      onEvent({ type: 'lost' });
      scheduleRetry();
    };
    next.on('error', broken);
    next.on('end', broken);
    await next.connect();
    await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    client = next;
    delay = LISTEN_RETRY_MS.first;
  };

  const scheduleRetry = () => {
    retryTimer = setTimeout(() => {
      retryTimer = null;
      if (stopped) return;
      connect().then(
        () => onEvent({ type: 'restored' }),
        () => {
          delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
          scheduleRetry();
        },
      );
    }, delay);
    retryTimer.unref();
  };

  await connect();
  return async () => {
    stopped = true;
    if (retryTimer) clearTimeout(retryTimer);
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

export function databaseTargetFromConfig(config: {
  databaseUrl: string | null;
  databaseSessionUrl: string | null;
  databasePoolSize: number;
  dataDir: string;
}): DatabaseTarget {
  if (!config.databaseUrl) return { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
  return {
    kind: 'postgres',
    url: config.databaseUrl,
    poolSize: config.databasePoolSize,
    ...(config.databaseSessionUrl ? { sessionUrl: config.databaseSessionUrl } : {}),
  };
}
