/**
 * The checkout benchmark (Checkout issue, "Speed and proof"), on PostgreSQL through the HTTP API of real
 * server processes (bench/server.ts with payments wired to the built-in Razorpay sandbox):
 *   1. holds per second on one hot item, one server process (and, as a control, the same load spread over
 *      500 items: what the hot row costs);
 *   2. the same with two server processes on the same database;
 *   3. a stock race: 50 units, 500 shoppers at once across two processes — exactly 50 held;
 *   4. the whole path reserve → create → pay (sandbox) → confirmed (webhook), its p50/p95 and each step's;
 *   5. storefront listings (autocannon) while 50 holds and 50 releases a second run, against the same
 *      listings without them: p95, throughput and the content answer cache's hit rate.
 * After every scenario the stock invariant is checked over every item: initial stock = items.quantity +
 * held units + sold units, so nothing is oversold and no unit is lost.
 *
 *   npm run bench:checkout                 10 s per load scenario, 100 whole paths
 *   npm run bench:checkout -- --quick      3 s per load scenario, 30 whole paths (does it work?)
 *   npm run bench:checkout -- --quick --holds-only   scenarios 1 and 2 only, no report file (a quick before/after)
 *   options: --duration S --warmup S --connections N (hold clients) --listing-connections N --products N
 *            --shoppers N --flows N --storm-rate N --keep --server-url postgres://… --db ssd_bench_checkout --out DIR
 *
 * Never part of `npm test`.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/db/client';
import { benchDatabaseUrl, dropDatabase, recreateDatabase, serverFacts, vacuumAnalyze } from './database';
import { populate } from './generate';
import { load, type LoadOptions, type LoadResult } from './load';
import { catalogListing, shopListing, singleCatalogListing, tagListing } from './scenarios';
import { HttpClient } from './checkout-http';
import { renderCheckoutReport, type CheckoutReport, type InvariantCheck, type ListingRun, type ObservedHolds } from './checkout-report';
import { checkoutFlows, holdLoad, startStorm, stockRace } from './checkout-scenarios';
import { withServers } from './checkout-servers';
import { startObserving, type Observation } from './checkout-waits';
import {
  CHECKOUT_BENCH_JWT_SECRET,
  checkInvariant,
  commitSettings,
  createShoppers,
  explainStockUpdate,
  insertBenchItem,
  itemUnits,
  releaseAllHolds,
  stockSnapshot,
} from './checkout-setup';

const here = import.meta.dirname;
const root = resolve(here, '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    'holds-only': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    'listing-connections': { type: 'string' },
    products: { type: 'string' },
    shoppers: { type: 'string' },
    flows: { type: 'string' },
    'storm-rate': { type: 'string' },
    'server-url': { type: 'string', default: process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432' },
    db: { type: 'string', default: 'ssd_bench_checkout' },
    out: { type: 'string', default: join(here, 'results') },
  },
  strict: true,
});

function numberArg(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number, got '${value}'`);
  return n;
}

const quick = args.quick;
const seconds = numberArg(args.duration, quick ? 3 : 10, 'duration');
const warmupSeconds = numberArg(args.warmup, quick ? 1 : 2, 'warmup');
const clients = numberArg(args.connections, 20, 'connections');
const listingLoad: LoadOptions = {
  connections: numberArg(args['listing-connections'], 10, 'listing-connections'),
  durationSeconds: seconds,
  warmupSeconds,
};
/** 10,000 generated products: the listings find full pages at every offset the scenarios ask for (the demo seed has 96). */
const products = numberArg(args.products, 10_000, 'products');
const flowCount = numberArg(args.flows, quick ? 30 : 100, 'flows');
const stormRate = numberArg(args['storm-rate'], 50, 'storm-rate');
/** Enough that every hold of the measured window is a different shopper's first (at up to ~800 holds/s for 10 s). */
const shopperCount = Math.max(600, numberArg(args.shoppers, quick ? 3_000 : 10_000, 'shoppers'));
const serverUrl = args['server-url'];
const dbName = args.db;
const dbUrl = benchDatabaseUrl(serverUrl, dbName);

const HOT_STOCK = 1_000_000;
/** Units added to each of the 500 "spread" items, so the control run and the storm never run them out. */
const SPREAD_EXTRA_STOCK = 100_000;
const RACE = { stock: 50, shoppers: 500 };
const FLOW = { concurrency: 6, pollMs: 10, timeoutMs: 20_000 };
/** Goals of the issue. */
const GOALS = { holdsPerSecond: 500, listingP95Ms: 15 };

function log(message: string): void {
  console.info(`[bench:checkout] ${message}`);
}

function shell(command: string, argv: string[]): string {
  try {
    return execFileSync(command, argv, { encoding: 'utf8', cwd: root }).trim();
  } catch {
    return '(unavailable)';
  }
}

const serverEnv = { BENCH_DATABASE_URL: dbUrl, BENCH_JWT_SECRET: CHECKOUT_BENCH_JWT_SECRET };

interface CacheStats {
  hits: number;
  misses: number;
  /** Stock-only change notices (migration 0012), when the server counts them. */
  stockChanges?: number;
}

async function cacheStats(http: HttpClient, baseUrl: string): Promise<CacheStats> {
  const answer = await http.request(baseUrl, 'GET', '/bench/cache');
  return (answer.body as CacheStats | null) ?? { hits: 0, misses: 0 };
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const http = new HttpClient(1024);
  let handle: DatabaseHandle | null = null;
  let pool: pg.Pool | null = null;
  let created = false;
  const invariants: InvariantCheck[] = [];
  try {
    // ---- Database ----
    log(`creating ${dbName} on ${serverUrl}`);
    await recreateDatabase(serverUrl, dbName);
    created = true;
    handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 8 });
    pool = new pg.Pool({ connectionString: dbUrl, max: 2 });
    // An idle connection ended from the outside (the DROP DATABASE … WITH (FORCE) at the end) must not crash the run.
    pool.on('error', () => {});
    const generated = await populate(handle.db, products);
    const hotItem = await insertBenchItem(handle.db, 'Bench Hot Item Kanjeevaram Silk Saree', HOT_STOCK);
    // 500 products given a large stock: the control run's items (the same load with no row hot).
    const spreadItems = (
      await pool.query<{ id: number }>(
        `UPDATE items SET quantity = quantity + ${SPREAD_EXTRA_STOCK}
          WHERE id IN (SELECT id FROM items WHERE quantity > 0 AND id <> $1 ORDER BY id LIMIT 500 OFFSET 0)
          RETURNING id`,
        [hotItem],
      )
    ).rows.map((row) => row.id);
    // The storm's other items: 500 in-stock products spread over the rest of the catalogue, with the stock the
    // generator gave them (10% of products have 1–9 units): a hold that takes an item's last unit moves it out of stock.
    const catalogueSample = (
      await pool.query<{ id: number; quantity: number }>('SELECT id, quantity FROM items WHERE quantity > 0 AND id > $1 AND id <> $2 ORDER BY id', [
        Math.max(...spreadItems),
        hotItem,
      ])
    ).rows.filter((_row, i, all) => i % Math.max(1, Math.floor(all.length / 500)) === 0).slice(0, 500);
    const stormItems = catalogueSample.map((row) => row.id);
    const stormItemsWithOneUnit = catalogueSample.filter((row) => row.quantity === 1).length;
    log(
      `generated ${generated.products} products in ${(generated.ms / 1000).toFixed(1)} s; hot item ${hotItem} with ${HOT_STOCK} units; ` +
        `${spreadItems.length} items with ${SPREAD_EXTRA_STOCK} more units; storm sample of ${stormItems.length} items, ${stormItemsWithOneUnit} with 1 unit`,
    );
    const t = performance.now();
    const shoppers = await createShoppers(handle.db, shopperCount, (done) => {
      if (done % 5000 === 0 || done === shopperCount) log(`  ${done} shoppers with sessions and addresses`);
    });
    const shoppersMs = performance.now() - t;
    await vacuumAnalyze(dbUrl);
    const initial = await stockSnapshot(pool);
    const facts = await serverFacts(dbUrl);
    const stockUpdatePlan = await explainStockUpdate(pool, hotItem);
    const commit = await commitSettings(pool);

    const check = async (after: string) => {
      const report = await checkInvariant(pool!, initial);
      invariants.push({ after, ...report });
      const line = `invariant after ${after}: ${report.items} items, oversold: ${report.oversold}, units lost or made up: ${report.mismatched}`;
      if (report.oversold > 0 || report.mismatched > 0) {
        console.error(`\n!!! [bench:checkout] STOCK INVARIANT BROKEN ${line}\n!!! ${report.examples.join('\n!!! ')}\n`);
        process.exitCode = 1;
      } else log(line);
      const released = await releaseAllHolds(handle!.db);
      if (released > 0) log(`  released ${released} holds left by ${after} (the app's sweep)`);
    };
    const holdOptions = { clients, seconds, warmupSeconds };
    const showObservation = (o: Observation) =>
      log(
        `   servers: ${o.servers.map((s) => `${s.cores.toFixed(2)} cores, event loop ${(s.loopBusy * 100).toFixed(0)}% busy`).join('; ')}; ` +
          `database sessions busy ${o.database.meanBusy.toFixed(1)} on average: ` +
          o.database.byWait
            .slice(0, 5)
            .map((x) => `${x.what} ${(x.share * 100).toFixed(0)}%`)
            .join(', '),
      );
    /** A hold load with the servers and the database watched meanwhile. */
    const holds = async (name: string, processes: number, itemIds: number[]): Promise<ObservedHolds> => {
      const { result, observation } = await withServers(processes, serverEnv, async (servers) => {
        const baseUrls = servers.map((s) => s.baseUrl);
        const watching = await startObserving(http, pool!, dbName, baseUrls);
        const result = await holdLoad(http, baseUrls, shoppers, itemIds, holdOptions);
        return { result, observation: await watching.stop() };
      });
      const r = result;
      log(
        `   ${name}: ${r.holdsPerSecond.toFixed(0)} holds/s (seconds: min ${r.perSecond.min}, median ${r.perSecond.median}, max ${r.perSecond.max}), ` +
          `p50 ${r.latency.p50.toFixed(1)} ms, p95 ${r.latency.p95.toFixed(1)} ms, p99 ${r.latency.p99.toFixed(1)} ms, ` +
          `409s ${r.conflicts}, errors ${r.errors}${r.errorExamples.length ? ` (${r.errorExamples.join('; ')})` : ''}, repeat shoppers ${r.replacements}`,
      );
      showObservation(observation);
      return { name, items: itemIds.length, result, observation };
    };

    // ---- 1. Holds per second, one process ----
    log(`1. holds on item ${hotItem}, one process, ${clients} clients, ${warmupSeconds} s warm-up + ${seconds} s`);
    const oneProcess = await holds('one process, hot item', 1, [hotItem]);
    await check('1 (holds on the hot item, one process)');

    // ---- 1b. The same load without a hot row ----
    log(`1b. control: the same load spread over ${spreadItems.length} items, one process`);
    const spread = await holds(`one process, ${spreadItems.length} items`, 1, spreadItems);
    await check('1b (holds spread over many items, one process)');

    // ---- 2. Two processes ----
    log(`2. holds on item ${hotItem}, two processes, ${clients} clients split between them`);
    const twoProcesses = await holds('two processes, hot item', 2, [hotItem]);
    await check('2 (holds on the hot item, two processes)');

    if (args['holds-only']) {
      log(`--holds-only: ${[oneProcess, spread, twoProcesses].map((h) => `${h.name} ${h.result.holdsPerSecond.toFixed(0)} holds/s`).join('; ')}`);
      return;
    }

    // ---- 3. Stock race ----
    const raceItem = await insertBenchItem(handle.db, 'Bench Race Item Banarasi Silk Saree', RACE.stock);
    initial.set(raceItem, RACE.stock);
    log(`3. stock race: item ${raceItem} with ${RACE.stock} units, ${RACE.shoppers} shoppers at once across two processes`);
    const race = await withServers(2, serverEnv, (servers) => stockRace(http, servers.map((s) => s.baseUrl), shoppers.slice(0, RACE.shoppers), raceItem, RACE.stock));
    const raceUnits = await itemUnits(pool, raceItem);
    const raceExact = race.held === RACE.stock && race.outOfStock === RACE.shoppers - RACE.stock && race.errors === 0 && raceUnits.held === RACE.stock && raceUnits.quantity === 0;
    log(
      `   ${race.held} held (answers 200), ${race.outOfStock} out of stock (409), ${race.errors} errors in ${race.wallMs.toFixed(0)} ms; ` +
        `database: ${raceUnits.heldReservations} held reservations, ${raceUnits.held} units held, stock ${raceUnits.quantity}: ${raceExact ? 'exactly 50 held' : 'WRONG'}`,
    );
    if (!raceExact) {
      console.error(`\n!!! [bench:checkout] STOCK RACE: expected exactly ${RACE.stock} held ${race.errorExamples.join('; ')}\n`);
      process.exitCode = 1;
    }
    await check('3 (stock race)');

    // ---- 4. Whole path ----
    log(`4. ${flowCount} whole paths (reserve → create → pay → confirmed), ${FLOW.concurrency} at once, status polled every ${FLOW.pollMs} ms`);
    const flows = await withServers(1, serverEnv, (servers) => checkoutFlows(http, servers[0]!.baseUrl, shoppers.slice(0, flowCount), hotItem, FLOW));
    log(
      `   ${flows.confirmed} of ${flows.flows} confirmed; whole path p50 ${flows.total.p50.toFixed(1)} ms, p95 ${flows.total.p95.toFixed(1)} ms ` +
        `(reserve p95 ${flows.reserve.p95.toFixed(1)}, create ${flows.create.p95.toFixed(1)}, pay ${flows.pay.p95.toFixed(1)}, confirm ${flows.confirm.p95.toFixed(1)})` +
        `${flows.failures ? `; ${flows.failures} failed: ${flows.failureExamples.join('; ')}` : ''}`,
    );
    if (flows.failures > 0) process.exitCode = 1;
    const hotAfterFlows = await itemUnits(pool, hotItem);
    await check('4 (whole paths)');

    // ---- 5. Listings during a storm of holds and releases ----
    const paths = [...shopListing(), ...singleCatalogListing(), ...catalogListing(), ...tagListing()];
    log(`5. listings (${paths.length} paths, ${listingLoad.connections} connections) alone, then with ${stormRate} holds + ${stormRate} releases a second`);
    // Enough idle shoppers to keep starting 50 a second while holds take up to 20 s (the storm stays open-loop).
    const stormShoppers = shoppers.slice(0, Math.min(shoppers.length, stormRate * 20));
    const listing = await withServers(1, serverEnv, async ([server]) => {
      const baseUrl = server!.baseUrl;
      for (const path of paths) {
        const answer = await http.request(baseUrl, 'GET', path);
        if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}`);
      }
      const runs: ListingRun[] = [];
      const measure = async (name: string, storm: { items: number[]; label: string } | null) => {
        const before = await cacheStats(http, baseUrl);
        const watching = await startObserving(http, pool!, dbName, [baseUrl]);
        const running = storm ? startStorm(http, baseUrl, stormShoppers, storm.items, stormRate) : null;
        let result: LoadResult;
        try {
          result = await load(name, baseUrl, paths, listingLoad);
        } catch (error) {
          await running?.stop();
          throw error;
        }
        const stormResult = running ? await running.stop() : null;
        const observation = await watching.stop();
        const after = await cacheStats(http, baseUrl);
        const hits = after.hits - before.hits;
        const misses = after.misses - before.misses;
        const stockNotices = after.stockChanges === undefined ? null : after.stockChanges - (before.stockChanges ?? 0);
        const run: ListingRun = {
          result,
          hitRate: hits + misses > 0 ? hits / (hits + misses) : 0,
          hits,
          misses,
          stockNotices,
          storm: stormResult,
          stormItems: storm?.label ?? null,
          observation,
        };
        runs.push(run);
        log(
          `   ${name}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, ` +
            `failures ${result.failures}, cache hits ${(run.hitRate * 100).toFixed(1)}%${stockNotices === null ? '' : `, stock-only notices ${stockNotices}`}` +
            (stormResult
              ? `; storm ${stormResult.holdsPerSecond.toFixed(1)} holds/s + ${stormResult.releasesPerSecond.toFixed(1)} releases/s, reserve p95 ${stormResult.reserve.p95.toFixed(1)} ms, ` +
                `release p95 ${stormResult.release.p95.toFixed(1)} ms, 409s ${stormResult.outOfStock}, errors ${stormResult.errors}${stormResult.errorExamples.length ? ` (${stormResult.errorExamples.join('; ')})` : ''}`
              : ''),
        );
        showObservation(observation);
        return run;
      };
      await measure('listings, no storm', null);
      await measure('listings, storm on the hot item', { items: [hotItem], label: 'the hot item' });
      await measure(`listings, storm on ${stormItems.length} catalogue items`, {
        items: stormItems,
        label: `${stormItems.length} catalogue items with their own stock (${stormItemsWithOneUnit} with 1 unit)`,
      });
      await measure('listings, no storm (again)', null);
      return runs;
    });
    // The floor under a cache that is emptied all the time: the same listings with the cache off, no storm.
    const uncached = await withServers(1, { ...serverEnv, BENCH_CONTENT_CACHE: 'off' }, async ([server]) => {
      const watching = await startObserving(http, pool!, dbName, [server!.baseUrl]);
      const result = await load('listings, no storm, answer cache off', server!.baseUrl, paths, listingLoad);
      const observation = await watching.stop();
      log(`   ${result.name}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, failures ${result.failures}`);
      showObservation(observation);
      return { result, observation };
    });
    listing.push({ ...uncached, hitRate: 0, hits: 0, misses: 0, stockNotices: null, storm: null, stormItems: null, cacheOff: true });
    await check('5 (listings during the storm)');

    // ---- Report ----
    const dirty = shell('git', ['status', '--porcelain', '--', 'apps/server/src', 'packages/shared/src', 'bench'])
      .split('\n')
      .filter(Boolean);
    const report: CheckoutReport = {
      date: started.toISOString(),
      command: `npm run bench:checkout${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(' ')}` : ''}`,
      tree: { commit: shell('git', ['rev-parse', '--short', 'HEAD']), subject: shell('git', ['log', '-1', '--format=%s']), uncommitted: dirty },
      machine: {
        nproc: shell('nproc', []),
        cpu: os.cpus()[0]?.model ?? '?',
        loadAtStart,
        loadAverage: os.loadavg().map((n) => n.toFixed(2)).join(' '),
        node: process.version,
        kernel: `${os.type()} ${os.release()}`,
      },
      postgres: facts,
      commitSettings: commit,
      products,
      shoppers: shopperCount,
      shoppersMs,
      poolSize: loadConfig(process.env).databasePoolSize,
      hotItem,
      hotStock: HOT_STOCK,
      holdOptions,
      holds: [oneProcess, spread, twoProcesses],
      race,
      raceUnits,
      raceExact,
      flows,
      hotAfterFlows,
      listingLoad,
      listingPaths: paths.length,
      stormRate,
      stormShoppers: stormShoppers.length,
      listing,
      stockUpdatePlan,
      invariants,
      goals: GOALS,
    };
    const markdown = renderCheckoutReport(report);
    mkdirSync(args.out, { recursive: true });
    const stamp = started.toISOString().replace(/[:.]/g, '-');
    const mdFile = join(args.out, `checkout-${quick ? 'quick' : 'full'}-${stamp}.md`);
    writeFileSync(mdFile, markdown);
    writeFileSync(join(args.out, `checkout-${quick ? 'quick' : 'full'}-${stamp}.json`), JSON.stringify(report, null, 2));
    console.info(`\n${markdown}`);
    log(`written ${mdFile}`);
  } finally {
    http.close();
    await pool?.end();
    await handle?.close();
    if (created && !args.keep) {
      await dropDatabase(serverUrl, dbName);
      log(`dropped ${dbName} (--keep to keep it)`);
    } else if (created) {
      log(`kept ${dbName}: ${dbUrl}`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
