/**
 * Per-statement cost of embedded PGlite (issue 13): captures the SQL the content service sends for a
 * few cold listings and searches, then times each statement sent several ways, in this one process:
 *   query    PGlite's own query (Parse, Describe, Bind, Describe, Execute, Sync: six calls into WebAssembly)
 *   kept     the app's query (db/pglite-statements.ts: the statement parsed once, then one call per run)
 *   batch    the same six messages in one call (execProtocolStream), unnamed statement
 *   named    Bind + Execute + Sync of a statement parsed once (one call), the row description kept
 *   wasm     only the WebAssembly call of `named` (execProtocolRawSync: no message parsing in JavaScript)
 *   kept, custom plans  `kept` with plan_cache_mode = force_custom_plan (planned for each run's values)
 *   kept, generic plans `kept` with plan_cache_mode = force_generic_plan (planned once, for any values)
 *
 *   npx tsx bench/pglite-statements.ts [iterations=300] [requests]
 */
import { PGlite, parse as pgParse, protocol } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { coldCatalogListing, coldMisspeltSearch, coldSearch, coldShopListing, coldTagListing } from './cold';

const iterations = Number(process.argv[2] ?? 300);
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await seedIfEmpty(database.db);
const client = (database.db as unknown as { $client: PGlite }).$client;

interface Captured {
  sql: string;
  params: unknown[];
  options: Parameters<PGlite['query']>[2];
}
const captured: Captured[] = [];
const originalQuery = client.query.bind(client);
const ownQuery = PGlite.prototype.query.bind(client) as PGlite['query'];
let capturing = false;
client.query = (async (sql: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
  if (capturing) captured.push({ sql, params: params ?? [], options });
  return originalQuery(sql, params, options);
}) as PGlite['query'];

const app = await buildApp({
  database,
  jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-signing',
  webDistDir: null,
  logLevel: 'silent',
  apiRateLimitPerMinute: 1_000_000_000,
  contentRateLimitPerMinute: 1_000_000_000,
  sandbox: null,
  contentCacheChars: 0,
});
await app.ready();

const sources = [coldShopListing(), coldCatalogListing(), coldTagListing(), coldSearch(), coldMisspeltSearch()];
const perRequest: { label: string; statements: number; httpMs: number; cpuMs: number }[] = [];
for (const source of sources) {
  // Warm the process (JIT, statistics) on a few, then capture one request.
  for (let i = 0; i < 20; i++) await app.inject({ method: 'GET', url: source.next() });
  const url = source.next();
  capturing = true;
  const before = captured.length;
  await app.inject({ method: 'GET', url });
  capturing = false;
  const started = performance.now();
  const cpu = process.cpuUsage();
  const n = 300;
  for (let i = 0; i < n; i++) await app.inject({ method: 'GET', url: source.next() });
  const used = process.cpuUsage(cpu);
  perRequest.push({ label: source.label, statements: captured.length - before, httpMs: (performance.now() - started) / n, cpuMs: (used.user + used.system) / 1000 / n });
}

const { serialize } = protocol;
const serializerFor = (oid: number) => (client.serializers as Record<number, (value: unknown) => string>)[oid];
function values(params: unknown[], oids: number[]): (string | null)[] {
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = serializerFor(oids[i] as number);
    return serializer ? serializer(value) : String(value);
  });
}
function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, part) => n + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

async function time(fn: () => Promise<unknown> | unknown): Promise<number> {
  for (let i = 0; i < 30; i++) await fn();
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await fn();
  return ((performance.now() - started) / iterations) * 1000; // µs
}

const rows: string[] = [];
let serial = 0;
/** `requests` as the second argument: only the per-request table. */
const statements = process.argv[3] === 'requests' ? [] : [{ sql: 'select 1', params: [], options: undefined } as Captured, ...captured];
for (const statement of statements) {
  const describeMessages = await client.execProtocolStream(concat([serialize.parse({ text: statement.sql }), serialize.describe({ type: 'S' }), serialize.sync()]), { syncToFs: false });
  const oids = pgParse.parseDescribeStatementResults(describeMessages);
  const bound = values(statement.params, oids);
  const name = `bench_${serial++}`;
  const prepared = await client.execProtocolStream(concat([serialize.parse({ name, text: statement.sql }), serialize.describe({ type: 'S', name }), serialize.sync()]), { syncToFs: false });
  const rowDescription = prepared.filter((message) => message.name === 'rowDescription');
  const batchBytes = concat([
    serialize.parse({ text: statement.sql }),
    serialize.bind({ values: bound }),
    serialize.describe({ type: 'P' }),
    serialize.execute({}),
    serialize.sync(),
  ]);
  const namedBytes = () => concat([serialize.bind({ statement: name, values: values(statement.params, oids) }), serialize.execute({}), serialize.sync()]);
  const fixedNamed = namedBytes();

  const queryUs = await time(() => ownQuery(statement.sql, statement.params, statement.options));
  const keptUs = await time(() => originalQuery(statement.sql, statement.params, statement.options));
  const batchUs = await time(async () => pgParse.parseResults(await client.execProtocolStream(batchBytes, { syncToFs: false }), client.parsers, statement.options));
  const namedUs = await time(async () => {
    const messages = await client.execProtocolStream(namedBytes(), { syncToFs: false });
    return pgParse.parseResults([...rowDescription, ...messages], client.parsers, statement.options);
  });
  const wasmUs = await time(() => client.execProtocolRawSync(fixedNamed));
  // The same kept statement when PostgreSQL must plan every run for its parameters (no generic plan).
  await client.exec('set plan_cache_mode = force_custom_plan');
  const customUs = await time(() => originalQuery(statement.sql, statement.params, statement.options));
  await client.exec('set plan_cache_mode = force_generic_plan');
  const genericUs = await time(() => originalQuery(statement.sql, statement.params, statement.options));
  await client.exec('reset plan_cache_mode');
  const result = await client.query(statement.sql, statement.params, statement.options);
  rows.push(
    `| ${statement.sql.slice(0, 70).replace(/\|/g, '\\|')}… | ${statement.params.length} | ${result.rows.length} | ${queryUs.toFixed(0)} | ${keptUs.toFixed(0)} | ${batchUs.toFixed(0)} | ${namedUs.toFixed(0)} | ${wasmUs.toFixed(0)} | ${customUs.toFixed(0)} | ${genericUs.toFixed(0)} |`,
  );
}

console.log(`PGlite ${client.constructor.name}, ${iterations} iterations each, µs per statement (load ${(await import('node:os')).loadavg().map((n) => n.toFixed(2)).join(' ')})\n`);
console.log('| request (300 new addresses each) | statements (one address) | wall ms per request (app.inject, cache off) | CPU ms per request |\n|---|---:|---:|---:|');
for (const r of perRequest) console.log(`| ${r.label} | ${r.statements} | ${r.httpMs.toFixed(2)} | ${r.cpuMs.toFixed(2)} |`);
console.log('\n| statement | params | rows | query (PGlite own) | kept (app) | batch | named | wasm of named | kept, custom plans | kept, generic plans |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
for (const row of rows) console.log(row);
await app.close();
