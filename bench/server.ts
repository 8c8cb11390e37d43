/**
 * One server under test, in its own process (so the load generator does not share its event loop):
 * - `app`: the real app (buildApp) on the bench database, logger silent, /api limit out of the way;
 *   it also gets one static route, /bench/static, to show the app's own per-request cost,
 *   /bench/cache with the answer cache's counters (BENCH_CONTENT_CACHE=off turns the cache off), and
 *   /bench/process with the process's CPU time (and of it the kernel's) and event-loop busy time;
 *   BENCH_PAYMENTS=sandbox wires payments as main.ts does without Razorpay keys (the built-in sandbox at
 *   the server's own address, its signed webhooks POSTed to the server's own /api/payment/webhook, the
 *   checkout sweeper started once it listens), for bench/checkout.ts;
 * - `bare`: a bare Fastify with one route answering the same static JSON.
 * Listens on 127.0.0.1, a random port, and prints `READY <port>` on stdout.
 *
 * Environment: BENCH_SERVER=app|bare, BENCH_DATABASE_URL (app) or BENCH_EMBEDDED=1 (app on its own
 * in-memory PGlite with the demo catalogue, as `npm start` seeds it; in a worker thread as the server runs it,
 * or with BENCH_PGLITE_THREAD=main on the server's own thread, decisions/0101), BENCH_STATIC_BODY (a JSON file),
 * BENCH_JWT_SECRET (app; default below), BENCH_PAYMENTS=sandbox (app).
 */
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { openDatabase } from '../apps/server/src/db/client';
import { loadConfig } from '../apps/server/src/config';
import { seedIfEmpty } from '../apps/server/src/seed/seed';
import { createPaymentProvider, localOrigin } from '../apps/server/src/integrations/razorpay/provider';
import { startCheckoutSweeper } from '../apps/server/src/modules/checkout/sweeper';
import { DEFAULT_CHECKOUT_SETTINGS } from '../apps/server/src/modules/checkout/settings';
import { sandboxCredentials } from '../apps/server/src/sandbox/credentials';
import { SANDBOX_PREFIX } from '../apps/server/src/sandbox/plugin';
import { httpWebhookDelivery } from '../apps/server/src/sandbox/webhooks';

const mode = process.env.BENCH_SERVER;
const staticFile = process.env.BENCH_STATIC_BODY;
let staticBody: unknown = null;
/** Read on first use: the app starts before the runner has fetched the listing page it copies. */
function body(): unknown {
  staticBody ??= staticFile ? JSON.parse(readFileSync(staticFile, 'utf8')) : { data: [] };
  return staticBody;
}

/** Set once the server listens (port 0 picks one): the sandbox is reached, and posts its webhooks, there. */
let listeningPort = 0;
const ownOrigin = () => localOrigin('127.0.0.1', listeningPort);
/** Started after listen, as main.ts does (the sweep may ask the sandbox, which answers at the server's own address). */
let afterListen: (app: FastifyInstance) => void = () => {};
let stopSweeper: () => void = () => {};

async function start(): Promise<FastifyInstance> {
  if (mode === 'bare') {
    const app = Fastify({ logger: false });
    app.get('/static', async () => body());
    return app;
  }
  if (mode === 'app') {
    const url = process.env.BENCH_DATABASE_URL;
    const embedded = process.env.BENCH_EMBEDDED === '1';
    if (!url && !embedded) throw new Error('BENCH_DATABASE_URL is not set (or BENCH_EMBEDDED=1)');
    // The pool as main.ts has it (DATABASE_POOL_SIZE, else db/client.ts DEFAULT_POOL_SIZE); migrations
    // already ran, this is a no-op. Embedded: the demo store of `npm start`, in memory so each server
    // process has its own.
    const poolSize = loadConfig(process.env).databasePoolSize;
    const database = url && !embedded ? await openDatabase({ kind: 'postgres', url, poolSize }) : await openDatabase({ kind: 'pglite', dataDir: null, thread: process.env.BENCH_PGLITE_THREAD === 'main' ? 'main' : 'worker' });
    if (embedded) await seedIfEmpty(database.db);
    // BENCH_PAYMENTS=sandbox: payments as main.ts wires them when no Razorpay keys are set.
    const sandboxed = process.env.BENCH_PAYMENTS === 'sandbox';
    const payments = sandboxed
      ? await createPaymentProvider({ mode: 'sandbox' }, database.db, { sandboxBaseUrl: () => `${ownOrigin()}${SANDBOX_PREFIX}` })
      : undefined;
    const sandbox = sandboxed
      ? { ...(await sandboxCredentials(database.db)), deliverWebhook: httpWebhookDelivery(() => `${ownOrigin()}/api/payment/webhook`) }
      : null;
    const app = await buildApp({
      database,
      jwtSecret: process.env.BENCH_JWT_SECRET ?? 'bench-secret-that-is-long-enough-for-hs256-signing',
      webDistDir: null,
      logLevel: 'silent',
      apiRateLimitPerMinute: 1_000_000_000,
      // The load comes from one address: the per-address limit of content reads is out of the way too.
      contentRateLimitPerMinute: 1_000_000_000,
      ...(payments ? { payments } : {}),
      sandbox,
      // BENCH_CONTENT_CACHE=off: every content request runs its queries.
      ...(process.env.BENCH_CONTENT_CACHE === 'off' ? { contentCacheChars: 0 } : {}),
    });
    app.get('/bench/static', async () => body());
    app.get('/bench/cache', async () => app.contentAnswers?.stats() ?? null);
    // Cumulative CPU time (µs) and event-loop idle/active time (ms) of this process: the runner takes differences.
    app.get('/bench/process', async () => {
      const { idle, active } = performance.eventLoopUtilization();
      const { user, system } = process.cpuUsage();
      return { cpuMicros: user + system, systemMicros: system, loopIdleMs: idle, loopActiveMs: active, at: performance.now() };
    });
    app.addHook('onClose', () => database.close());
    if (payments) {
      afterListen = (listening) => {
        stopSweeper = startCheckoutSweeper({ db: database.db, now: () => new Date(), settings: DEFAULT_CHECKOUT_SETTINGS, payments }, listening.log);
      };
    }
    return app;
  }
  throw new Error(`BENCH_SERVER must be app or bare, not ${mode}`);
}

const app = await start();
await app.listen({ host: '127.0.0.1', port: 0 });
const { port } = app.server.address() as AddressInfo;
listeningPort = port;
afterListen(app);
process.stdout.write(`READY ${port}\n`);

const stop = () => {
  stopSweeper();
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent went away: do not linger.
process.on('disconnect', stop);
