/**
 * One server under test, in its own process (so the load generator does not share its event loop):
 * - `app`: the real app (buildApp) on the bench database, logger silent, /api limit out of the way;
 *   it also gets one static route, /bench/static, to show the app's own per-request cost, and
 *   /bench/cache with the answer cache's counters (BENCH_CONTENT_CACHE=off turns the cache off);
 * - `bare`: a bare Fastify with one route answering the same static JSON.
 * Listens on 127.0.0.1, a random port, and prints `READY <port>` on stdout.
 *
 * Environment: BENCH_SERVER=app|bare, BENCH_DATABASE_URL (app), BENCH_STATIC_BODY (a JSON file).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';

const mode = process.env.BENCH_SERVER;
const staticFile = process.env.BENCH_STATIC_BODY;
let staticBody: unknown = null;
/** Read on first use: the app starts before the runner has fetched the listing page it copies. */
function body(): unknown {
  staticBody ??= staticFile ? JSON.parse(readFileSync(staticFile, 'utf8')) : { data: [] };
  return staticBody;
}

async function start(): Promise<FastifyInstance> {
  if (mode === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/static', async () => body());
    return app;
  }
  if (mode === 'app') {
    const url = process.env.BENCH_DATABASE_URL;
    if (!url) throw new Error('BENCH_DATABASE_URL is not set');
    // The pool as main.ts has it (10 connections); migrations already ran, this is a no-op.
    const database = await openDatabase({ kind: 'postgres', url });
    const app = await buildApp({
      database,
      jwtSecret: 'bench-secret-that-is-long-enough-for-hs256-signing',
      webDistDir: null,
      logLevel: 'silent',
      apiRateLimitPerMinute: 1_000_000_000,
      // BENCH_CONTENT_CACHE=off: every content request runs its queries.
      ...(process.env.BENCH_CONTENT_CACHE === 'off' ? { contentCacheChars: 0 } : {}),
    });
    app.get('/bench/static', async () => body());
    app.get('/bench/cache', async () => app.contentAnswers?.stats() ?? null);
    app.addHook('onClose', () => database.close());
    return app;
  }
  throw new Error(`BENCH_SERVER must be app or bare, not ${mode}`);
}

const app = await start();
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
process.stdout.write(`READY ${port}\n`);

const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent went away: do not linger.
process.on('disconnect', stop);
