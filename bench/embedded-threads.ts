/**
 * The embedded store's cold scenarios with PGlite on the server's thread and in its worker (decisions/0101),
 * alternated in the same minutes: each round starts bench/server.ts on its own in-memory demo store, answer
 * cache off, and loads every cold scenario of bench/cold.ts at 10 connections (1 s warm-up + `seconds`).
 *
 *   npx tsx bench/embedded-threads.ts [seconds per scenario=5]
 *   ORDER=main,worker,main,worker ONLY=tags,search npx tsx bench/embedded-threads.ts 5
 */
import { startBenchServer, stopServer } from './checkout-servers';
import { coldScenarios, coldShopListing } from './cold';
import { load } from './load';

/** The demo catalogue's size (the api scenario draws product ids from it). */
const DEMO_PRODUCTS = 96;

async function round(thread: string, seconds: number, only: string[] | undefined): Promise<string> {
  const server = await startBenchServer({ BENCH_SERVER: 'app', BENCH_EMBEDDED: '1', BENCH_CONTENT_CACHE: 'off', BENCH_PGLITE_THREAD: thread });
  try {
    await load('warm-up', server.baseUrl, coldShopListing(7), { connections: 10, durationSeconds: 2, warmupSeconds: 0 });
    const results: string[] = [];
    for (const [name, make] of Object.entries(coldScenarios(DEMO_PRODUCTS))) {
      if (only && !only.includes(name)) continue;
      const result = await load(name, server.baseUrl, make(), { connections: 10, durationSeconds: seconds, warmupSeconds: 1 });
      results.push(`${name} ${result.requestsPerSecond.toFixed(0)} req/s p95 ${result.p95.toFixed(2)} ms${result.failures ? ` (${result.failures} failed)` : ''}`);
    }
    return `${thread.padEnd(6)} ${results.join(' | ')}`;
  } finally {
    await stopServer(server);
  }
}

const seconds = Number(process.argv[2] ?? 5);
const only = process.env.ONLY?.split(',');
for (const thread of (process.env.ORDER ?? 'main,worker,main,worker').split(',')) console.log(await round(thread, seconds, only));
