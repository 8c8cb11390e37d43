/**
 * The storefront speed benchmark (issue "Speed"): fills a PostgreSQL database with generated
 * products, starts the real app on it and a bare Fastify beside it, loads both with autocannon,
 * EXPLAINs the content service's SQL, and writes the results.
 *
 *   npm run bench                 100,000 products, 10 s per scenario, 10 connections
 *   npm run bench -- --quick      10,000 products, 3 s per scenario (does it work?)
 *   npm run bench -- --embedded   the demo store on embedded PGlite (96 products), no PostgreSQL needed
 *   options: --products N --duration S --warmup S --connections N --keep --reuse
 *            --only api (only the /api reads a page makes, against bare Fastify; no listings, no EXPLAIN)
 *            --server-url postgres://postgres@127.0.0.1:5432 --db ssd_bench --out bench/results
 *
 * Never part of `npm test`.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../apps/server/src/db/client';
import { benchDatabaseUrl, dropDatabase, existingItemCount, recreateDatabase, serverFacts, vacuumAnalyze, type ServerFacts } from './database';
import { explainAll, type Explained } from './explain';
import { populate } from './generate';
import { load, type LoadOptions, type LoadResult, type Paths } from './load';
import { goalVerdicts, renderReport, type Report, type ScenarioRow } from './report';
import { coldCatalogListing, coldMisspeltSearch, coldProductApi, coldSearch, coldShopListing, coldTagListing } from './cold';
import { buildCatalogue } from '../apps/server/src/seed/catalogue';
import { DEMO_ACCOUNTS } from '../apps/server/src/seed/seed';
import pg from 'pg';
import { users } from '../apps/server/src/db/schema';
import { hashPassword } from '../apps/server/src/modules/auth/passwords';
import {
  catalogListing,
  explainPaths,
  misspeltSearch,
  productApi,
  search,
  shopListing,
  shopperLists,
  singleCatalogListing,
  tagCounts,
  tagListing,
} from './scenarios';

const here = import.meta.dirname;
const root = resolve(here, '..');

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    embedded: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    reuse: { type: 'boolean', default: false },
    products: { type: 'string' },
    duration: { type: 'string' },
    warmup: { type: 'string' },
    connections: { type: 'string' },
    'server-url': { type: 'string', default: process.env.BENCH_SERVER_URL ?? 'postgres://postgres@127.0.0.1:5432' },
    db: { type: 'string', default: 'ssd_bench' },
    out: { type: 'string', default: join(here, 'results') },
    'writes-per-second': { type: 'string' },
    only: { type: 'string' },
  },
  strict: true,
});

function numberArg(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`--${name} must be a number, got '${value}'`);
  return n;
}

const embedded = args.embedded;
const products = embedded ? buildCatalogue().length : numberArg(args.products, args.quick ? 10_000 : 100_000, 'products');
const loadOptions: LoadOptions = {
  connections: numberArg(args.connections, 10, 'connections'),
  durationSeconds: numberArg(args.duration, args.quick ? 3 : 10, 'duration'),
  warmupSeconds: numberArg(args.warmup, args.quick ? 1 : 3, 'warmup'),
};
/** Stock changes per second during the "with writes" scenario (each one empties the answer cache). */
const writesPerSecond = numberArg(args['writes-per-second'], 10, 'writes-per-second');
const serverUrl = args['server-url'];
const dbName = args.db;
const dbUrl = benchDatabaseUrl(serverUrl, dbName);

/** --only api: just the /api scenarios (and bare Fastify around them); every group when absent. */
const ONLY_GROUPS = ['api'] as const;
if (args.only !== undefined && !(ONLY_GROUPS as readonly string[]).includes(args.only)) {
  throw new Error(`--only must be one of ${ONLY_GROUPS.join(', ')}, got '${args.only}'`);
}
const contentScenarios = args.only === undefined;

/** Budgets of the storefront issue, for the answers kept in memory (decisions/0016). */
const BUDGET = { listingP95Ms: 15, searchP95Ms: 40, listingVsBare: 0.4 };

function log(message: string): void {
  console.info(`[bench] ${message}`);
}

function shell(command: string, argv: string[]): string {
  try {
    return execFileSync(command, argv, { encoding: 'utf8' }).trim();
  } catch {
    return '(unavailable)';
  }
}

// ---------------------------------------------------------------------------------------------
// Servers under test

interface Running {
  child: ChildProcess;
  baseUrl: string;
}

function startServer(mode: 'app' | 'bare', env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(here, 'server.ts')], {
    cwd: root,
    env: { ...process.env, ...env, BENCH_SERVER: mode, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolvePromise, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error(`${mode} server did not start in 60 s`)), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /READY (\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        resolvePromise({ child, baseUrl: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${mode} server exited with ${code} before it was ready`));
    });
  });
}

function stopServer(running: Running | null): Promise<void> {
  if (!running || running.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const kill = setTimeout(() => running.child.kill('SIGKILL'), 5000);
    running.child.once('exit', () => {
      clearTimeout(kill);
      resolvePromise();
    });
    running.child.kill('SIGTERM');
  });
}

// ---------------------------------------------------------------------------------------------
// Checks before the load: every path answers 200, and how many rows it finds

interface PathCheck {
  path: string;
  rows: number;
}

async function checkPaths(baseUrl: string, paths: string[], headers: Record<string, string> = {}): Promise<PathCheck[]> {
  const checks: PathCheck[] = [];
  for (const path of paths) {
    const response = await fetch(baseUrl + path, { headers });
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET ${path} answered ${response.status}: ${text.slice(0, 300)}`);
    const body = JSON.parse(text) as { data?: unknown[] };
    checks.push({ path, rows: Array.isArray(body.data) ? body.data.length : -1 });
  }
  return checks;
}

// ---------------------------------------------------------------------------------------------
// The answer cache's counters, a stock writer, a logged-in shopper

interface CacheStats {
  hits: number;
  misses: number;
}

async function cacheStats(baseUrl: string): Promise<CacheStats | null> {
  return (await (await fetch(`${baseUrl}/bench/cache`)).json()) as CacheStats | null;
}

/**
 * Runs `during` while another connection changes an item's stock `perSecond` times a second (one
 * unit in, then out again, so the data ends as it began and no stock goes below zero), as restocks,
 * checkouts and cancellations would. Each change empties the answer cache.
 */
async function withStockWrites<T>(perSecond: number, during: () => Promise<T>): Promise<{ value: T; writes: number }> {
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  let writes = 0;
  let writing = Promise.resolve();
  /** The n-th write: even ones add a unit to an item, odd ones take it back from the same item. */
  const write = (n: number) =>
    client.query('update items set quantity = quantity + $2 where id = $1', [1 + (Math.floor(n / 2) % 1000), n % 2 === 0 ? 1 : -1]).then(() => undefined);
  const timer = setInterval(() => {
    const n = writes++;
    writing = writing.then(() => write(n));
  }, 1000 / perSecond);
  try {
    return { value: await during(), writes };
  } finally {
    clearInterval(timer);
    await writing;
    // An odd count left a unit added: take it back, so the data ends as it began.
    if (writes % 2 === 1) await write(writes);
    await client.end();
  }
}

/** A shopper account in the bench database, logged in through the API: its bearer header. */
async function shopperHeaders(baseUrl: string): Promise<Record<string, string>> {
  const email = 'bench-shopper@example.com';
  const password = 'bench-shopper-password';
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 1 });
  try {
    await handle.db
      .insert(users)
      .values({ name: 'Bench Shopper', email, password_hash: await hashPassword(password) })
      .onConflictDoNothing();
  } finally {
    await handle.close();
  }
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = (await response.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`bench shopper login failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.data.access_token}` };
}

// ---------------------------------------------------------------------------------------------

async function prepareDatabase(): Promise<{ generatedMs: number | null; migrateMs: number; vacuumMs: number; reused: boolean }> {
  if (args.reuse) {
    const count = await existingItemCount(serverUrl, dbName);
    if (count === products) {
      log(`reusing ${dbName} (${count} items)`);
      let started = performance.now();
      const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
      await handle.close();
      const migrateMs = Math.round(performance.now() - started);
      // A migration may have rewritten a table (0030 rewrote item_tags): vacuumed as autovacuum would have by
      // then, or index-only reads fetch every row (this machine's PostgreSQL runs without autovacuum).
      started = performance.now();
      await vacuumAnalyze(dbUrl);
      return { generatedMs: null, migrateMs, vacuumMs: Math.round(performance.now() - started), reused: true };
    }
    log(`--reuse: ${dbName} has ${count ?? 'no'} items, not ${products}; generating`);
  }
  log(`creating ${dbName} on ${serverUrl}`);
  await recreateDatabase(serverUrl, dbName);
  let started = performance.now();
  const handle = await openDatabase({ kind: 'postgres', url: dbUrl, poolSize: 2 });
  const migrateMs = Math.round(performance.now() - started);
  let lastShown = 0;
  const summary = await populate(handle.db, products, {
    onProgress: (done) => {
      if (done - lastShown >= 20_000 || done === products) {
        lastShown = done;
        log(`  ${done} products`);
      }
    },
  }).finally(() => handle.close());
  log(`generated ${summary.products} products and ${summary.images} images in ${(summary.ms / 1000).toFixed(1)} s`);
  started = performance.now();
  await vacuumAnalyze(dbUrl);
  const vacuumMs = Math.round(performance.now() - started);
  return { generatedMs: summary.ms, migrateMs, vacuumMs, reused: false };
}

/** Seconds of each bare Fastify run beside a judged scenario (at most the scenario's own duration). */
const BARE_BESIDE_SECONDS = 3;

/** Goals of issue 13: every request a new address, answer cache off, 10 connections. */
const COLD_GOAL = { listingP95Ms: 10, tagsP95Ms: 15, searchP95Ms: 30, listingVsBare: 0.1, apiP95Ms: 5, apiVsBare: 0.2, embeddedP95Ms: 8 };

type ColdKind = 'listing' | 'tags' | 'search';

/** The cold scenarios: each run makes a fresh source, so cache on and off see the same addresses. */
const COLD_SCENARIOS: { name: string; kind: ColdKind; source: () => Paths }[] = [
  { name: 'cold listing: shop + price range', kind: 'listing', source: () => coldShopListing() },
  { name: 'cold listing: catalogs + price range', kind: 'listing', source: () => coldCatalogListing() },
  { name: 'cold listing: tag sets', kind: 'tags', source: () => coldTagListing() },
  { name: 'cold search: catalogue words', kind: 'search', source: () => coldSearch() },
  { name: 'cold search: misspelt', kind: 'search', source: () => coldMisspeltSearch() },
];

/** A logged-in shopper: on the embedded demo its demo account, on PostgreSQL one made in the bench database. */
async function loggedInShopper(baseUrl: string): Promise<Record<string, string>> {
  if (!embedded) return shopperHeaders(baseUrl);
  const account = DEMO_ACCOUNTS[0];
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await response.json()) as { data?: { access_token?: string } };
  if (!body.data?.access_token) throw new Error(`demo shopper login failed: ${JSON.stringify(body)}`);
  return { authorization: `Bearer ${body.data.access_token}` };
}

async function main(): Promise<void> {
  const started = new Date();
  const loadAtStart = os.loadavg().map((n) => n.toFixed(2)).join(' ');
  const scratch = mkdtempSync(join(os.tmpdir(), 'ssd-bench-'));
  let app: Running | null = null;
  let uncached: Running | null = null;
  let bare: Running | null = null;
  let created = false;
  try {
    let prepared: Report['database'] = { generatedMs: null, migrateMs: 0, vacuumMs: 0, reused: false };
    let facts: ServerFacts | null = null;
    const databaseEnv: Record<string, string> = embedded ? { BENCH_EMBEDDED: '1' } : { BENCH_DATABASE_URL: dbUrl };
    if (!embedded) {
      created = true; // from here on the database is dropped at the end unless --keep
      prepared = await prepareDatabase();
      facts = await serverFacts(dbUrl);
    }

    app = await startServer('app', { ...databaseEnv, BENCH_STATIC_BODY: join(scratch, 'static.json') });
    log(`app on ${app.baseUrl}${embedded ? ' (embedded PGlite, demo catalogue)' : ''}`);
    uncached = await startServer('app', { ...databaseEnv, BENCH_STATIC_BODY: join(scratch, 'static.json'), BENCH_CONTENT_CACHE: 'off' });
    log(`app without the answer cache on ${uncached.baseUrl}`);

    const scenarios = [
      { name: 'listing: shop + stock + price range', kind: 'listing' as const, paths: shopListing() },
      { name: 'listing: one catalog', kind: 'listing' as const, paths: singleCatalogListing() },
      { name: 'listing: two catalogs (_in)', kind: 'listing' as const, paths: catalogListing() },
      { name: 'listing: any-of tags contains', kind: 'listing' as const, paths: tagListing() },
      { name: 'search: catalogue spelling', kind: 'search' as const, paths: search() },
      { name: 'search: misspelt', kind: 'search' as const, paths: misspeltSearch() },
    ];
    const rowsFound = new Map<string, PathCheck[]>();
    if (!contentScenarios) scenarios.length = 0;
    for (const scenario of scenarios) rowsFound.set(scenario.name, await checkPaths(uncached.baseUrl, scenario.paths));
    // The first 40 addresses of each cold scenario must answer 200 too (what they find is reported).
    for (const scenario of contentScenarios ? COLD_SCENARIOS : []) {
      const source = scenario.source();
      const sample = Array.isArray(source) ? source : Array.from({ length: 40 }, () => source.next());
      rowsFound.set(scenario.name, await checkPaths(uncached.baseUrl, sample));
    }

    // The bare route answers a real listing page: same size, same JSON.stringify work.
    const sample = await fetch(app.baseUrl + (shopListing()[0] as string));
    const sampleText = await sample.text();
    writeFileSync(join(scratch, 'static.json'), sampleText);
    bare = await startServer('bare', { BENCH_STATIC_BODY: join(scratch, 'static.json') });
    log(`bare Fastify on ${bare.baseUrl}; static body ${Buffer.byteLength(sampleText)} bytes`);

    const shopper = await loggedInShopper(app.baseUrl);
    const apiScenarios = [
      { name: 'api: product page calls (suggested, rating, reviews)', paths: productApi(products) as Paths, headers: {} },
      { name: 'api, cold: product page calls for random products', paths: coldProductApi(products) as Paths, headers: {} },
      { name: 'api: popular tags with counts', paths: tagCounts() as Paths, headers: {} },
      { name: 'api: shopper cart and wishlist ids (logged in)', paths: shopperLists() as Paths, headers: shopper },
    ];
    for (const scenario of apiScenarios) {
      if (Array.isArray(scenario.paths)) await checkPaths(app.baseUrl, scenario.paths, scenario.headers);
    }

    const results: LoadResult[] = [];
    const run = async (name: string, baseUrl: string, paths: Paths, headers: Record<string, string> = {}, options = loadOptions) => {
      const count = Array.isArray(paths) ? `${paths.length} paths` : 'a new path per request';
      log(`load: ${name} (${count}, ${options.connections} connections, ${options.warmupSeconds} s warm-up + ${options.durationSeconds} s)`);
      const result = await load(name, baseUrl, paths, options, headers);
      log(
        `  ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${result.p50.toFixed(2)} ms, p95 ${result.p95.toFixed(2)} ms, p99 ${result.p99.toFixed(2)} ms, failures ${result.failures}`,
      );
      results.push(result);
      return result;
    };
    /** A run on the cached app, with the share of its requests (warm-up included) answered from memory. */
    const runCached = async (name: string, paths: Paths) => {
      const before = await cacheStats(app!.baseUrl);
      const result = await run(name, app!.baseUrl, paths);
      const after = await cacheStats(app!.baseUrl);
      const hits = (after?.hits ?? 0) - (before?.hits ?? 0);
      const misses = (after?.misses ?? 0) - (before?.misses ?? 0);
      return { result, hitRate: hits + misses > 0 ? hits / (hits + misses) : 0 };
    };

    const bareBefore = await run('bare Fastify, static JSON (before)', bare.baseUrl, ['/static']);
    const appStatic = await run('app, static JSON route (/bench/static)', app.baseUrl, ['/bench/static']);
    const cachedResults = [];
    for (const scenario of scenarios) cachedResults.push({ scenario, ...(await runCached(scenario.name, scenario.paths)) });
    const oneCatalog = scenarios[1]!;
    let withWrites: { value: { result: LoadResult; hitRate: number }; writes: number } | null = null;
    if (!embedded && contentScenarios) {
      withWrites = await withStockWrites(writesPerSecond, () => runCached(`${oneCatalog.name}, ${writesPerSecond} stock writes/s`, oneCatalog.paths));
      log(`  ${withWrites.writes} stock writes during that run`);
    }
    const coldCached = [];
    const coldScenarios = contentScenarios ? COLD_SCENARIOS : [];
    for (const scenario of coldScenarios) coldCached.push({ scenario, ...(await runCached(`${scenario.name} (answer cache on)`, scenario.source())) });
    /**
     * Bare Fastify just before a scenario whose throughput is judged against it (decisions/0097): the host's
     * speed drifts within a run (bare 36,382 req/s before the scenarios and 23,853 after, 2026-11-30 07:02),
     * so each judged scenario is divided by the bare run of its own minute. Shorter than a scenario's run:
     * one static route settles within a second.
     */
    const besideOptions: LoadOptions = { ...loadOptions, warmupSeconds: 1, durationSeconds: Math.min(loadOptions.durationSeconds, BARE_BESIDE_SECONDS) };
    const bareBeside = async (name: string) => (await run(`bare Fastify, beside ${name}`, bare!.baseUrl, ['/static'], {}, besideOptions)).requestsPerSecond;
    const coldUncached = [];
    for (const scenario of coldScenarios) {
      const name = `${scenario.name} (answer cache off)`;
      // The embedded demo's goals are latencies only: no throughput to judge, no bare run beside (nor for /api below).
      const beside = embedded ? undefined : await bareBeside(name);
      coldUncached.push({ scenario, beside, result: await run(name, uncached.baseUrl, scenario.source()) });
    }
    const apiResults = [];
    for (const scenario of apiScenarios) {
      // Issue 13's /api goals are of PostgreSQL; on the embedded demo these rows are shown unjudged.
      const beside = embedded ? undefined : await bareBeside(scenario.name);
      apiResults.push({ beside, result: await run(scenario.name, app.baseUrl, scenario.paths, scenario.headers) });
    }
    const bareAfter = await run('bare Fastify, static JSON (after)', bare.baseUrl, ['/static']);
    const bareRps = (bareBefore.requestsPerSecond + bareAfter.requestsPerSecond) / 2;

    let explained: Explained[] = [];
    if (!embedded && contentScenarios) {
      log('EXPLAIN (ANALYZE, BUFFERS) of the content service SQL');
      explained = await explainAll(dbUrl, explainPaths());
    }

    const budgetRow = (scenario: (typeof scenarios)[number], result: LoadResult, hitRate?: number): ScenarioRow => {
      const p95Budget = scenario.kind === 'listing' ? BUDGET.listingP95Ms : BUDGET.searchP95Ms;
      const ratio = result.requestsPerSecond / bareRps;
      const found = rowsFound.get(scenario.name) ?? [];
      return {
        result,
        kind: scenario.kind,
        ratio,
        p95Budget,
        p95Pass: result.p95 <= p95Budget && result.failures === 0,
        ratioBudget: scenario.kind === 'listing' ? BUDGET.listingVsBare : undefined,
        ratioPass: scenario.kind === 'listing' ? ratio >= BUDGET.listingVsBare : undefined,
        emptyPaths: found.filter((c) => c.rows === 0).length,
        ...(hitRate === undefined ? {} : { hitRate }),
      };
    };
    /** A cold row, against issue 13's goals (cache off) — with the cache on, the same goals shown for comparison. */
    const coldRow = (scenario: (typeof COLD_SCENARIOS)[number], result: LoadResult, hitRate?: number, beside?: number): ScenarioRow => {
      const p95Budget = embedded
        ? COLD_GOAL.embeddedP95Ms
        : scenario.kind === 'listing'
          ? COLD_GOAL.listingP95Ms
          : scenario.kind === 'tags'
            ? COLD_GOAL.tagsP95Ms
            : COLD_GOAL.searchP95Ms;
      const ratio = result.requestsPerSecond / (beside ?? bareRps);
      const hasRatio = !embedded && scenario.kind === 'listing';
      return {
        result,
        kind: scenario.kind === 'search' ? 'search' : 'listing',
        ratio,
        ...(beside === undefined ? {} : { bareBeside: beside }),
        p95Budget,
        p95Pass: result.p95 <= p95Budget && result.failures === 0,
        ratioBudget: hasRatio ? COLD_GOAL.listingVsBare : undefined,
        ratioPass: hasRatio ? ratio >= COLD_GOAL.listingVsBare : undefined,
        emptyPaths: (rowsFound.get(scenario.name) ?? []).filter((c) => c.rows === 0).length,
        ...(hitRate === undefined ? {} : { hitRate }),
      };
    };
    const apiRow = ({ result, beside }: { result: LoadResult; beside: number | undefined }): ScenarioRow => {
      if (beside === undefined) return { result, kind: 'api', ratio: result.requestsPerSecond / bareRps };
      const ratio = result.requestsPerSecond / beside;
      return {
        result,
        kind: 'api',
        ratio,
        bareBeside: beside,
        p95Budget: COLD_GOAL.apiP95Ms,
        p95Pass: result.p95 <= COLD_GOAL.apiP95Ms && result.failures === 0,
        ratioBudget: COLD_GOAL.apiVsBare,
        ratioPass: ratio >= COLD_GOAL.apiVsBare,
      };
    };
    const coldOffRows = coldUncached.map(({ scenario, result, beside }) => coldRow(scenario, result, undefined, beside));
    const cachedRows = cachedResults.map(({ scenario, result, hitRate }) => budgetRow(scenario, result, hitRate));
    const apiRows = apiResults.map(apiRow);
    const rows: ScenarioRow[] = [
      { result: bareBefore, kind: 'baseline', ratio: bareBefore.requestsPerSecond / bareRps },
      { result: appStatic, kind: 'baseline', ratio: appStatic.requestsPerSecond / bareRps },
      ...cachedRows,
      ...(withWrites ? [budgetRow(oneCatalog, withWrites.value.result, withWrites.value.hitRate)] : []),
      ...coldCached.map(({ scenario, result, hitRate }) => coldRow(scenario, result, hitRate)),
      ...coldOffRows,
      ...apiRows,
      { result: bareAfter, kind: 'baseline', ratio: bareAfter.requestsPerSecond / bareRps },
    ];

    const report: Report = {
      date: started.toISOString(),
      command: `npm run bench -- ${process.argv.slice(2).join(' ')}`.trim(),
      machine: {
        nproc: shell('nproc', []),
        cpu: os.cpus()[0]?.model ?? '?',
        free: shell('free', ['-m']),
        loadAtStart,
        loadAverage: os.loadavg().map((n) => n.toFixed(2)).join(' '),
        node: process.version,
        kernel: `${os.type()} ${os.release()}`,
      },
      postgres: facts,
      products,
      embedded,
      database: prepared,
      load: loadOptions,
      bareRps,
      rows,
      // --only api: the goals of the scenarios that ran (the others would pass over nothing).
      goals: goalVerdicts({ embedded, coldOff: coldOffRows, api: apiRows, cached: cachedRows }).filter(
        (verdict) => contentScenarios || verdict.goal.startsWith('/api'),
      ),
      rowsFound: [...rowsFound.entries()].map(([name, checks]) => ({ name, checks })),
      explained,
      budget: BUDGET,
      writesPerSecond,
    };
    const markdown = renderReport(report);
    mkdirSync(args.out, { recursive: true });
    const stamp = started.toISOString().replace(/[:.]/g, '-');
    const kind = embedded ? 'embedded' : args.quick ? 'quick' : 'full';
    const mdFile = join(args.out, `${kind}-${stamp}.md`);
    writeFileSync(mdFile, markdown);
    writeFileSync(join(args.out, `${kind}-${stamp}.json`), JSON.stringify(report, null, 2));
    console.info(`\n${markdown}`);
    log(`written ${mdFile}`);
  } finally {
    await stopServer(bare);
    await stopServer(app);
    await stopServer(uncached);
    rmSync(scratch, { recursive: true, force: true });
    if (created && !args.keep) {
      await dropDatabase(serverUrl, dbName);
      log(`dropped ${dbName} (--keep to keep it)`);
    } else if (created) {
      log(`kept ${dbName}: ${dbUrl} (npm run bench -- --reuse runs on it again)`);
    }
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
