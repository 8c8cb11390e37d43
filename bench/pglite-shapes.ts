/**
 * How many distinct statement texts the cold scenarios send (issue 13): each is parsed once by
 * db/pglite-statements.ts, so few texts means most statements run already parsed.
 *
 *   npx tsx bench/pglite-shapes.ts [requests per scenario=300]
 */
import type { PGlite } from '@electric-sql/pglite';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { STATEMENT_CAPACITY } from '../apps/server/src/db/pglite-statements';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { coldCatalogListing, coldMisspeltSearch, coldSearch, coldShopListing, coldTagListing } from './cold';

const requests = Number(process.argv[2] ?? 300);
const database = await openDatabase({ kind: 'pglite', dataDir: null });
await seedIfEmpty(database.db);
const client = (database.db as unknown as { $client: PGlite }).$client;
const sent: string[] = [];
const query = client.query.bind(client);
client.query = ((text: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
  sent.push(text);
  return query(text, params, options);
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
console.log('| scenario | requests | statements | distinct texts |\n|---|---:|---:|---:|');
const everyText = new Set<string>();
for (const source of [coldShopListing(), coldCatalogListing(), coldTagListing(), coldSearch(), coldMisspeltSearch()]) {
  sent.length = 0;
  for (let i = 0; i < requests; i++) await app.inject({ method: 'GET', url: source.next() });
  sent.forEach((text) => everyText.add(text));
  console.log(`| ${source.label} | ${requests} | ${sent.length} | ${new Set(sent).size} |`);
}
// Mixed traffic parses a text again whenever more than the capacity are in use (db/pglite-statements.ts).
console.log(`| all of them | ${requests * 5} | | ${everyText.size} (kept at most: ${STATEMENT_CAPACITY}) |`);
// What the kept statements hold in PGlite's memory (their parse trees and plans).
const memory = await client.query<{ statements: number; kib: number }>(
  `select (select count(*)::int from pg_prepared_statements) as statements,
          (select (sum(total_bytes) / 1024)::int from pg_backend_memory_contexts where name in ('CachedPlanSource', 'CachedPlanQuery', 'CachedPlan')) as kib`,
);
console.log(`kept statements: ${memory.rows[0]?.statements}, their memory contexts: ${memory.rows[0]?.kib} KiB; process RSS ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`);
await app.close();
