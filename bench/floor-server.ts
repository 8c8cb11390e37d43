/**
 * The floor under a cold listing (issue 13, docs/benchmarks.md 2026-11-30): a server that does per request
 * nothing but what any server must — receive the request, send one statement, write the rows as JSON —
 * for the statements the content service itself writes. At start it runs the content service on the
 * addresses `bench/cpu-split.ts` will send (each cold scenario of ONLY, its warm-up seed and its own, on the
 * database of BENCH_DATABASE_URL) and keeps each address's rows statement; under load it only looks the
 * address up and sends that statement as the service does (prepared on the pipelined generic-plan connection
 * when the service would, else unnamed on the pool). The gap between the app and this floor is the content
 * service's own per-request work. Listings only (one statement each); run through cpu-split:
 *
 *   SERVER=floor ONLY=shop,catalogs SECONDS=8 npx tsx bench/cpu-split.ts
 */
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type pg from 'pg';
import { openDatabase } from '../apps/server/src/db/client';
import { genericPlansOf } from '../apps/server/src/db/generic-plans';
import { publicCollection } from '../apps/server/src/content/collections';
import { parseContentQuery } from '../apps/server/src/content/query-parse';
import { listItems } from '../apps/server/src/content/read';
import { coldScenarios } from './cold';

const url = process.env.BENCH_DATABASE_URL;
if (!url) throw new Error('BENCH_DATABASE_URL is not set');
const scenarios = (process.env.ONLY ?? 'shop,catalogs').split(',') as Array<'shop' | 'catalogs'>;
/** Addresses kept per seed: more than cpu-split's load sends in its warm-up and its run. */
const ADDRESSES = { warmUp: 8_000, run: 40_000 };

// The service's connections exactly as the app opens them (db/client.ts): the pool, and the pipelined
// connection that plans generically (decisions/0100).
const { db } = await openDatabase({ kind: 'postgres', url });
const pool = (db as unknown as { $client: pg.Pool }).$client;
const pipelined = genericPlansOf(pool)!.client;

interface Kept {
  text: string;
  values: unknown[];
  /** Set when the service runs it on the pipelined connection, planned once (db/generic-plans.ts). */
  generic?: true;
  fields: string[];
}
let sent: Array<Omit<Kept, 'fields'>> = [];
// What the service sends, seen on its way to the pool (statements.ts passes one config object) or to the pipelined connection.
const poolQuery = pool.query.bind(pool) as (...args: unknown[]) => unknown;
(pool as unknown as { query: unknown }).query = (config: { text: string; values: unknown[]; rowMode?: string }, ...rest: unknown[]) => {
  if (config?.rowMode === 'array') sent.push({ text: config.text, values: config.values });
  return poolQuery(config, ...rest);
};
const unsafe = pipelined.unsafe.bind(pipelined);
(pipelined as unknown as { unsafe: unknown }).unsafe = (text: string, values: unknown[], options?: object) => {
  sent.push({ text, values, generic: true });
  return unsafe(text, values as never[], options);
};
const collection = publicCollection('items')!;
const kept = new Map<string, Kept>();
for (const scenario of scenarios) {
  for (const [seed, count] of [[7, ADDRESSES.warmUp], [undefined, ADDRESSES.run]] as const) {
    const source = coldScenarios(100_000)[scenario](seed);
    for (let i = 0; i < count; i++) {
      const address = source.next();
      const query = address.slice(address.indexOf('?') + 1);
      sent = [];
      await listItems(db, collection, parseContentQuery(query));
      if (sent.length !== 1) throw new Error(`${sent.length} statements for ${address}: the floor serves listings of one statement`);
      kept.set(address, { ...sent[0]!, fields: new URLSearchParams(query).get('fields')!.split(',') });
    }
  }
}

async function rowsOf(statement: Kept): Promise<unknown[][]> {
  if (statement.generic) return (await pipelined.unsafe(statement.text, statement.values as never[], { prepare: true }).values()) as unknown as unknown[][];
  return (await pool.query({ text: statement.text, values: statement.values, rowMode: 'array' as const })).rows as unknown[][];
}

const app = Fastify({ logger: false });
app.get('/content/items/items', async (request, reply) => {
  const statement = kept.get(request.url);
  if (!statement) return reply.code(404).send({ missing: request.url });
  const data = (await rowsOf(statement)).map((values) => Object.fromEntries(statement.fields.map((field, i) => [field, values[i]])));
  return reply.type('application/json; charset=utf-8').send(JSON.stringify({ data }));
});
app.get('/bench/process', async () => {
  const { user, system } = process.cpuUsage();
  return { cpuMicros: user + system, systemMicros: system };
});
await app.listen({ host: '127.0.0.1', port: 0 });
process.stdout.write(`READY ${(app.server.address() as AddressInfo).port}\n`);
process.on('SIGTERM', () => process.exit(0));
