/**
 * CPU profile of the app under cold load (issue 13): starts bench/server.ts with `node --cpu-prof` (and, on the
 * embedded database, summarises its worker thread's profile too: decisions/0101),
 * answer cache off, on its own in-memory PGlite (or on a bench database given by BENCH_DATABASE_URL),
 * loads it with the cold scenarios of bench/cold.ts, then sums the profile's self time by where the
 * code lives.
 *
 *   npx tsx bench/pglite-profile.ts [seconds per scenario=4] [profile dir=/tmp/pglite-profile]
 *   ONLY=catalogs,search npx tsx bench/pglite-profile.ts …   (some scenarios: shop, catalogs, tags, search, misspelt, api)
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/ssd_bench ONLY=api npx tsx bench/pglite-profile.ts …
 *     (a database kept by `npm run bench -- --keep`; PRODUCTS= its product count for api, default 100000)
 *   npx tsx bench/pglite-profile.ts --summarise <file.cpuprofile> [from µs, monotonic]
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { coldScenarios, coldShopListing } from './cold';
import { load } from './load';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string };
  children?: number[];
}
interface Profile {
  startTime: number;
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame's code lives, by its file (or V8's own pseudo-frames). */
function category(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (functionName === '(garbage collector)') return 'GC';
  if (functionName === '(idle)') return 'idle';
  if (functionName === '(program)') return 'V8/native (program)';
  if (url.startsWith('wasm://')) return 'PGlite WebAssembly';
  if (url.includes('@electric-sql/pglite')) return 'PGlite JavaScript (protocol, parsing)';
  if (url.includes('drizzle-orm')) return 'drizzle';
  if (url.includes('/node_modules/pg') || url.includes('/pg-protocol/')) return 'node-postgres';
  if (url.includes('/node_modules/postgres/')) return 'postgres.js';
  if (url.includes('/fastify') || url.includes('find-my-way') || url.includes('light-my-request') || url.includes('avvio')) return 'Fastify';
  if (url.includes('/zod')) return 'zod';
  if (url.includes('/apps/server/src/content/')) return 'content service';
  if (url.includes('/apps/server/src/db/')) return 'db/';
  if (url.includes('/apps/server/src/')) return 'app (other)';
  if (url.startsWith('node:')) return `node:${url.slice(5).split('/')[0]}`;
  if (url === '') return `native: ${functionName || '(anonymous)'}`;
  if (url.includes('node_modules')) return `other package: ${url.split('node_modules/').pop()!.split('/')[0]}`;
  return 'other';
}

/**
 * Self time by category and by function; only samples after `fromMicros` (the monotonic clock the
 * profile's timestamps use, as process.hrtime gives it), to leave out start-up, seeding and warm-up.
 */
export function summarise(file: string, fromMicros = 0, top = 25): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  let at = profile.startTime;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const totals = new Map<string, number>();
  const functions = new Map<string, number>();
  let all = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!)!;
    const micros = profile.timeDeltas[i] ?? 0;
    at += micros;
    if (at < fromMicros) continue;
    const name = category(node.callFrame);
    totals.set(name, (totals.get(name) ?? 0) + micros);
    if (name !== 'idle') all += micros;
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.split('/').slice(-2).join('/')}`;
    functions.set(fn, (functions.get(fn) ?? 0) + micros);
  }
  const lines = [`busy ${(all / 1e6).toFixed(2)} s, idle ${((totals.get('idle') ?? 0) / 1e6).toFixed(2)} s`, '', '| where | share of busy time |', '|---|---:|'];
  for (const [name, micros] of [...totals].filter(([name]) => name !== 'idle').sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`| ${name} | ${((micros / all) * 100).toFixed(1)}% |`);
  }
  lines.push('', '| function (self time) | share |', '|---|---:|');
  for (const [name, micros] of [...functions].filter(([name]) => !name.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, top)) {
    lines.push(`| ${name} | ${((micros / all) * 100).toFixed(1)}% |`);
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (process.argv[2] === '--summarise') {
    console.log(summarise(process.argv[3]!, Number(process.argv[4] ?? 0)));
    return;
  }
  const seconds = Number(process.argv[2] ?? 4);
  const dir = resolve(process.argv[3] ?? '/tmp/pglite-profile');
  mkdirSync(dir, { recursive: true });
  const here = import.meta.dirname;
  const child = spawn(process.execPath, ['--cpu-prof', '--cpu-prof-dir', dir, '--import', 'tsx', join(here, 'server.ts')], {
    cwd: resolve(here, '..'),
    env: {
      ...process.env,
      BENCH_SERVER: 'app',
      BENCH_EMBEDDED: process.env.BENCH_DATABASE_URL ? '0' : '1',
      BENCH_CONTENT_CACHE: 'off',
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  const port = await new Promise<string>((ok, fail) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /READY (\d+)/.exec(out);
      if (match) ok(match[1]!);
    });
    child.on('exit', () => fail(new Error('server exited')));
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  // Warm up (JIT, the planner's statistics) on the first scenario, then profile from here on.
  await load('warm-up', baseUrl, coldShopListing(7), { connections: 10, durationSeconds: 2, warmupSeconds: 0 });
  const loadStart = Number(process.hrtime.bigint() / 1000n);
  const products = Number(process.env.PRODUCTS ?? 100_000);
  const scenarios = coldScenarios(products);
  const only = process.env.ONLY?.split(',');
  for (const source of Object.entries(scenarios).flatMap(([name, make]) => (!only || only.includes(name) ? [make()] : []))) {
    const result = await load(source.label, baseUrl, source, { connections: 10, durationSeconds: seconds, warmupSeconds: 1 });
    console.log(`${source.label}: ${result.requestsPerSecond.toFixed(0)} req/s, p95 ${result.p95.toFixed(2)} ms, failures ${result.failures}`);
  }
  const before = new Set(readdirSync(dir));
  await new Promise((ok) => {
    child.once('exit', ok);
    child.kill('SIGTERM');
  });
  // One profile per thread: the main thread's (".0." in the name) is the server's; the embedded database's worker
  // (decisions/0101) writes one that runs db/pglite-worker.ts; the others are tsx's loaders.
  const written = readdirSync(dir).filter((name) => !before.has(name) && name.endsWith('.cpuprofile'));
  const main = join(dir, written.filter((name) => name.includes('.0.')).sort().at(-1)!);
  console.log(`profile: ${main} (load from ${loadStart} µs)`);
  console.log(summarise(main, loadStart));
  const worker = written.map((name) => join(dir, name)).find((file) => file !== main && readFileSync(file, 'utf8').includes('pglite-worker'));
  if (worker) {
    console.log(`\nthe embedded database's worker thread: ${worker}`);
    console.log(summarise(worker, loadStart));
  }
}

await main();
