/**
 * Database time per cold request (issue 13): EXPLAIN (ANALYZE, BUFFERS) of every items statement the
 * content service sends (bench/explain.ts), execution + planning summed per request (and planning on its own), over the first N
 * addresses of each cold scenario (bench/cold.ts); then the same requests through the service one
 * after another (wall time, planner estimates already remembered). On a database kept by
 * `npm run bench -- --keep`:
 *
 *   N=100 npx tsx bench/explain-cold.ts [postgres://postgres@127.0.0.1:5432/h2_bench]
 *   ONLY=tags VERBOSE=1 TOP=5 npx tsx bench/explain-cold.ts …   (the slowest addresses and their plans)
 *   WALL_ONLY=1 N=1500 ONLY=catalogs npx tsx bench/explain-cold.ts …   (no EXPLAIN: wall time only, and the slow tail's share)
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { STATEMENT_JIT, type Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { publicCollection } from '../apps/server/src/content/collections';
import { parseContentQuery } from '../apps/server/src/content/query-parse';
import { listItems } from '../apps/server/src/content/read';
import { explainAll } from './explain';
import { coldScenarios } from './cold';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/h2_bench';
const count = Number(process.env.N ?? 40);
const only = process.env.ONLY?.split(',');
const verbose = !!process.env.VERBOSE;
const wallOnly = !!process.env.WALL_ONLY;
const top = Number(process.env.TOP ?? 5);
// The content reads only: the /api scenario sends no items statements.
const { api: _api, ...sources } = coldScenarios(0);

/** mean / p95 / max */
function summary(values: number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return `${mean.toFixed(2)} / ${sorted[Math.ceil(0.95 * sorted.length) - 1]!.toFixed(2)} / ${sorted[sorted.length - 1]!.toFixed(2)}`;
}

const queryOf = (path: string) => path.slice(path.indexOf('?') + 1);

/** Each request's time through the service, one after another, once its planner estimates are remembered (a first round). */
async function wallTimes(paths: string[]): Promise<number[]> {
  for (const path of paths) await listItems(db, collection, parseContentQuery(queryOf(path)));
  const wall: number[] = [];
  for (const path of paths) {
    const started = performance.now();
    await listItems(db, collection, parseContentQuery(queryOf(path)));
    wall.push(performance.now() - started);
  }
  return wall;
}

/** Mean, median, and how much of the whole time the slowest 5% of requests took. */
function describeWall(wall: number[]): string {
  const sorted = [...wall].sort((a, b) => b - a);
  const total = wall.reduce((sum, ms) => sum + ms, 0);
  const slowest = sorted.slice(0, Math.round(0.05 * sorted.length));
  const share = slowest.reduce((sum, ms) => sum + ms, 0) / total;
  return `wall ms mean ${(total / wall.length).toFixed(3)}, median ${sorted[Math.floor(sorted.length / 2)]!.toFixed(3)}; the slowest 5% from ${slowest.at(-1)!.toFixed(2)} ms, ${(100 * share).toFixed(1)}% of the time`;
}
const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c jit=${STATEMENT_JIT}` });
const db = drizzle({ client: pool, schema }) as unknown as Database;
const collection = publicCollection('items')!;
try {
  for (const [name, source] of Object.entries(sources)) {
    if (only && !only.includes(name)) continue;
    const paths = ((next) => Array.from({ length: count }, () => next.next()))(source());
    if (wallOnly) {
      console.info(`${name.padEnd(9)} ${describeWall(await wallTimes(paths))}`);
      continue;
    }
    const explained = await explainAll(url, paths.map((path) => ({ name, path })));
    const planningOf = (plan: string[]) => Number(plan.map((line) => /Planning Time: ([\d.]+)/.exec(line)?.[1]).find(Boolean) ?? 0);
    const planningMs = explained.map((request) => request.statements.reduce((sum, statement) => sum + planningOf(statement.plan), 0));
    const databaseMs = explained.map(
      (request, i) => request.statements.reduce((sum, statement) => sum + (statement.executionMs ?? 0), 0) + planningMs[i]!,
    );
    const wall = await wallTimes(paths);
    const statements = explained.reduce((sum, request) => sum + request.statements.length, 0);
    console.info(
      `${name.padEnd(9)} database ms mean / p95 / max ${summary(databaseMs)} (of it planning ${summary(planningMs)})   ` +
        `wall ${summary(wall)}   items statements ${statements}`,
    );
    if (!verbose) continue;
    const slowest = databaseMs.map((ms, i) => [ms, i] as const).sort((a, b) => b[0] - a[0]).slice(0, top);
    for (const [ms, i] of slowest) {
      console.info(`  ${ms.toFixed(1)} ms  ${decodeURIComponent(queryOf(paths[i]!)).replace(/fields=[^&]*&?/, '')}`);
      for (const statement of explained[i]!.statements) console.info(`    ${statement.keyLines.join('\n    ')}`);
    }
  }
} finally {
  await pool.end();
}
