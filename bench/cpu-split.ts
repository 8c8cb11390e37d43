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
 */
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
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

/** User + system CPU of each process named postgres, in µs by pid (/proc/<pid>/stat fields 14 and 15, in clock ticks of 10 ms). */
function postgresCpuMicros(): Map<string, number> {
  const micros = new Map<string, number>();
  for (const pid of readdirSync('/proc').filter((entry) => /^\d+$/.test(entry))) {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // ended meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    if (!name.startsWith('postgres')) continue;
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    micros.set(pid, (Number(fields[11]) + Number(fields[12])) * 10_000);
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

// node itself (not npx), so that kill() below reaches the server and this script can end. SERVER=floor: the
// floor under a cold listing instead of the app (bench/floor-server.ts).
const floor = process.env.SERVER === 'floor';
const server = spawn(process.execPath, ['--import', 'tsx', floor ? 'bench/floor-server.ts' : 'bench/server.ts'], {
  env: { ...process.env, BENCH_SERVER: 'app', BENCH_DATABASE_URL: url, BENCH_CONTENT_CACHE: 'off' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
try {
  const port = await new Promise<number>((resolve, reject) => {
    server.once('exit', (code) => reject(new Error(`the server ended (${code}) before it was ready`)));
    server.stdout.on('data', (chunk) => {
      const ready = /READY (\d+)/.exec(String(chunk));
      if (ready) resolve(Number(ready[1]));
    });
  });
  const base = `http://127.0.0.1:${port}`;
  const serverCpu = async () => (await (await fetch(`${base}/bench/process`)).json()) as { cpuMicros: number; systemMicros: number };
  console.log('scenario  req/s  p95 ms  CPU µs per request: server (of it in the kernel) / PostgreSQL / load generator');
  for (const [name, source] of Object.entries(sources)) {
    if (only && !only.includes(name)) continue;
    // Warm-up on other addresses (the JIT, the pool, the planner's estimates cache).
    await load(name, base, source(7), { connections: 10, durationSeconds: 2, warmupSeconds: 0 });
    const before = { server: await serverCpu(), postgres: postgresCpuMicros(), loader: process.cpuUsage() };
    const result = await load(name, base, source(), { connections: 10, durationSeconds: seconds, warmupSeconds: 0 });
    const loader = process.cpuUsage(before.loader);
    const per = (micros: number) => (micros / result.requests).toFixed(0);
    const after = await serverCpu();
    console.log(
      `${name.padEnd(9)} ${result.requestsPerSecond.toFixed(0).padStart(5)}  ${result.p95.toFixed(2).padStart(6)}  ` +
        `${per(after.cpuMicros - before.server.cpuMicros)} (${per(after.systemMicros - before.server.systemMicros)}) / ${per(postgresCpuSince(before.postgres))} / ${per(loader.user + loader.system)}`,
    );
  }
} finally {
  server.kill();
}
