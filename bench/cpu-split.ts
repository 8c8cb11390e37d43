/**
 * Where a cold request's CPU goes (issue 13): the app (answer cache off) on a bench database, loaded
 * with each cold scenario (bench/cold.ts) at 10 connections, and the CPU time each part spent per
 * request — the server process (its own /bench/process counter), every PostgreSQL process of the
 * machine (/proc, so run it on an otherwise idle database server), and this process, the load generator.
 * On a database kept by `npm run bench -- --keep`:
 *
 *   npx tsx bench/cpu-split.ts [postgres://postgres@127.0.0.1:5432/ssd_bench]
 *   ONLY=shop,search,api,api-suggested SECONDS=8 PRODUCTS=100000 npx tsx bench/cpu-split.ts …
 *   DATABASE_POOL_SIZE=10 npx tsx bench/cpu-split.ts …   (the server's pool, as main.ts reads it)
 *   SERVER=floor ONLY=shop,catalogs npx tsx bench/cpu-split.ts …   (the floor under a cold listing: bench/floor-server.ts)
 *   SERVER=bare npx tsx bench/cpu-split.ts …   (bare Fastify answering a cold shop page's JSON, as `npm run bench` runs it beside)
 *
 * Run the three one after another to see, in the same minutes, how far the app is from the floor and the floor
 * from issue 13's 10% of bare.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { load } from './load';
import { coldProductApi, coldScenarios, PRODUCT_API_ROUTES } from './cold';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/ssd_bench';
const seconds = Number(process.env.SECONDS ?? 8);
const only = process.env.ONLY?.split(',');
const products = Number(process.env.PRODUCTS ?? 100_000);
// The cold scenarios, and each of the product page's /api calls alone (api-suggested, api-rating, api-reviews).
const sources = {
  ...coldScenarios(products),
  ...Object.fromEntries(PRODUCT_API_ROUTES.map((route) => [`api-${route}`, (seed?: number) => coldProductApi(products, seed, [route])])),
};

/** A process's name and its user and system CPU in µs, from /proc/<pid>/stat (fields 14 and 15, in clock ticks of 10 ms). */
function readStat(pid: string | number): { name: string; userMicros: number; systemMicros: number } {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return { name: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')), userMicros: Number(fields[11]) * 10_000, systemMicros: Number(fields[12]) * 10_000 };
}

/** User + system CPU of each process named postgres, in µs by pid. */
function postgresCpuMicros(): Map<string, number> {
  const micros = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let stat: ReturnType<typeof readStat>;
    try {
      stat = readStat(pid);
    } catch {
      continue; // ended meanwhile
    }
    if (stat.name.startsWith('postgres')) micros.set(pid, stat.userMicros + stat.systemMicros);
  }
  return micros;
}

/**
 * PostgreSQL's CPU between two readings: per process, so that a backend that ended meanwhile (a pool's
 * idle connection closing) takes nothing away; one that started counts from zero.
 */
function postgresCpuSince(before: Map<string, number>): number {
  let total = 0;
  for (const [pid, micros] of postgresCpuMicros()) total += micros - (before.get(pid) ?? 0);
  return total;
}

/** The server's own CPU so far (user + system, and of it system), in µs. */
function processCpu(pid: number): { cpuMicros: number; systemMicros: number } {
  const { userMicros, systemMicros } = readStat(pid);
  return { cpuMicros: userMicros + systemMicros, systemMicros };
}

/** Starts one bench server (node itself, not npx, so that kill() reaches it) and waits for its port. */
async function startServer(script: string, env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', script], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the server ended (${code}) before it was ready`)));
    child.stdout.on('data', (chunk) => {
      const ready = /READY (\d+)/.exec(String(chunk));
      if (ready) resolve(Number(ready[1]));
    });
  });
  return { child, base: `http://127.0.0.1:${port}` };
}

const appEnv = { BENCH_SERVER: 'app', BENCH_DATABASE_URL: url, BENCH_CONTENT_CACHE: 'off' };
const mode = process.env.SERVER ?? 'app';
if (!['app', 'floor', 'bare'].includes(mode)) throw new Error(`SERVER must be app, floor or bare, not ${mode}`);
let bodyDir: string | undefined;
let bareEnv: Record<string, string> = {};
if (mode === 'bare') {
  // As `npm run bench` does: bare answers the JSON of a real listing page, fetched from the app first.
  const app = await startServer('bench/server.ts', appEnv);
  try {
    const body = await (await fetch(`${app.base}${coldScenarios(products).shop().next()}`)).text();
    bodyDir = mkdtempSync(join(tmpdir(), 'cpu-split-'));
    writeFileSync(join(bodyDir, 'body.json'), body);
    bareEnv = { BENCH_SERVER: 'bare', BENCH_STATIC_BODY: join(bodyDir, 'body.json') };
  } finally {
    app.child.kill();
  }
}
const { child: server, base } = await startServer(mode === 'floor' ? 'bench/floor-server.ts' : 'bench/server.ts', mode === 'bare' ? bareEnv : appEnv);
/** Bare Fastify has one route and every request asks it: one scenario, 'bare'. */
const staticPath = { label: 'bare', next: () => '/static' };
const scenarios = mode === 'bare' ? { bare: () => staticPath } : sources;
try {
  const serverCpu = () => processCpu(server.pid!);
  console.log('scenario  req/s  p95 ms  CPU µs per request: server (of it in the kernel) / PostgreSQL / load generator');
  for (const [name, source] of Object.entries(scenarios)) {
    if (mode !== 'bare' && only && !only.includes(name)) continue;
    // Warm-up on other addresses (the JIT, the pool, the planner's estimates cache).
    await load(name, base, source(7), { connections: 10, durationSeconds: 2, warmupSeconds: 0 });
    const before = { server: serverCpu(), postgres: postgresCpuMicros(), loader: process.cpuUsage() };
    const result = await load(name, base, source(), { connections: 10, durationSeconds: seconds, warmupSeconds: 0 });
    const loader = process.cpuUsage(before.loader);
    const per = (micros: number) => (micros / result.requests).toFixed(0);
    const after = serverCpu();
    console.log(
      `${name.padEnd(9)} ${result.requestsPerSecond.toFixed(0).padStart(5)}  ${result.p95.toFixed(2).padStart(6)}  ` +
        `${per(after.cpuMicros - before.server.cpuMicros)} (${per(after.systemMicros - before.server.systemMicros)}) / ${per(postgresCpuSince(before.postgres))} / ${per(loader.user + loader.system)}`,
    );
  }
} finally {
  server.kill();
  if (bodyDir) rmSync(bodyDir, { recursive: true, force: true });
}
