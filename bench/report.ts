/** The results of one bench run as Markdown (also kept as JSON next to it). */
import type { ServerFacts } from './database';
import type { Explained } from './explain';
import type { LoadOptions, LoadResult } from './load';

export interface ScenarioRow {
  result: LoadResult;
  kind: 'baseline' | 'listing' | 'search' | 'api';
  /** req/s over bare Fastify's: the run just before this one when `bareBeside` is set, else the mean of the runs before and after. */
  ratio: number;
  /** Bare Fastify's req/s in its run just before this scenario (decisions/0097): the ratio's denominator. */
  bareBeside?: number;
  p95Budget?: number;
  p95Pass?: boolean;
  ratioBudget?: number;
  ratioPass?: boolean;
  /** Paths of the scenario that found no rows (a search that misses, a filter too narrow). */
  emptyPaths?: number;
  /** Share of the requests the answer cache answered from memory (runs on the cached app only). */
  hitRate?: number;
}

export interface Report {
  date: string;
  command: string;
  machine: { nproc: string; cpu: string; free: string; loadAtStart: string; loadAverage: string; node: string; kernel: string };
  /** Null on the embedded demo (PGlite inside each server process). */
  postgres: ServerFacts | null;
  products: number;
  /** `--embedded`: the demo store on PGlite instead of PostgreSQL. */
  embedded: boolean;
  database: { generatedMs: number | null; migrateMs: number; vacuumMs: number; reused: boolean };
  load: LoadOptions;
  bareRps: number;
  rows: ScenarioRow[];
  /** Issue 13's goals, one verdict line each. */
  goals: GoalVerdict[];
  rowsFound: { name: string; checks: { path: string; rows: number }[] }[];
  explained: Explained[];
  budget: { listingP95Ms: number; searchP95Ms: number; listingVsBare: number };
  writesPerSecond: number;
}

export interface GoalVerdict {
  goal: string;
  measured: string;
  pass: boolean;
}

const worst = (rows: ScenarioRow[], pick: (row: ScenarioRow) => number, highest: boolean) =>
  rows.reduce((found, row) => (highest ? Math.max(found, pick(row)) : Math.min(found, pick(row))), highest ? -Infinity : Infinity);

/** A goal over several rows: passes when each row passes; shows the worst number and every row's. */
function goalOver(goal: string, rows: ScenarioRow[], what: 'p95' | 'ratio'): GoalVerdict {
  const failures = rows.some((row) => row.result.failures > 0);
  if (what === 'p95') {
    const each = rows.map((row) => `${row.result.name} ${row.result.p95.toFixed(2)}`).join('; ');
    return { goal, measured: `worst p95 ${worst(rows, (r) => r.result.p95, true).toFixed(2)} ms (${each})`, pass: !failures && rows.every((r) => r.p95Pass) };
  }
  const each = rows.map((row) => `${row.result.name} ${(row.ratio * 100).toFixed(1)}%`).join('; ');
  return { goal, measured: `lowest ${(worst(rows, (r) => r.ratio, false) * 100).toFixed(1)}% of bare (${each})`, pass: !failures && rows.every((r) => r.ratioPass) };
}

/** Issue 13's goals from the rows of one run: cold rows with the answer cache off, the /api reads, the cached rows. */
export function goalVerdicts(input: { embedded: boolean; coldOff: ScenarioRow[]; api: ScenarioRow[]; cached: ScenarioRow[] }): GoalVerdict[] {
  const named = (prefix: string) => input.coldOff.filter((row) => row.result.name.startsWith(prefix));
  if (input.embedded) {
    return [
      goalOver('embedded demo, cold listings p95 ≤ 8 ms', [...named('cold listing')], 'p95'),
      goalOver('embedded demo, cold searches p95 ≤ 8 ms', named('cold search'), 'p95'),
    ];
  }
  const listings = named('cold listing').filter((row) => !row.result.name.includes('tag'));
  return [
    goalOver('cold listing p95 ≤ 10 ms', listings, 'p95'),
    goalOver('cold tags listing p95 ≤ 15 ms', named('cold listing: tag'), 'p95'),
    goalOver('cold search (catalogue spelling and misspelt) p95 ≤ 30 ms', named('cold search'), 'p95'),
    goalOver('cold listing throughput ≥ 10% of bare Fastify', listings, 'ratio'),
    goalOver('/api reads of a page p95 ≤ 5 ms', input.api, 'p95'),
    goalOver('/api reads of a page ≥ 20% of bare Fastify', input.api, 'ratio'),
    {
      ...goalOver('answer cache on: the storefront budgets still hold (p95 ≤ 15/40 ms, listings ≥ 40% of bare)', input.cached, 'p95'),
      pass: input.cached.every((row) => row.p95Pass && (row.ratioPass ?? true)),
    },
  ];
}

const ms = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');
const verdict = (pass: boolean | undefined) => (pass === undefined ? '' : pass ? 'pass' : '**FAIL**');

export function renderReport(report: Report): string {
  const lines: string[] = [];
  const { machine, load } = report;
  lines.push(`## Run of ${report.date}`, '');
  lines.push(`Command: \`${report.command}\``, '');
  lines.push(
    `Machine: ${machine.nproc} CPUs (${machine.cpu}), ${machine.kernel}, Node ${machine.node}, load average (1/5/15 min) ${machine.loadAtStart} at the start, ${machine.loadAverage} at the end.`,
    '',
    '```',
    machine.free,
    '```',
    '',
  );
  const pgFacts = report.postgres;
  if (pgFacts) {
    lines.push(
      `PostgreSQL ${pgFacts.version} (${Object.entries(pgFacts.settings)
        .map(([k, v]) => `${k}=${v}`)
        .join(', ')}); items table with indexes ${pgFacts.itemsSize}.`,
      '',
    );
  }
  const db = report.database;
  lines.push(
    report.embedded
      ? `Database: the embedded demo store (PGlite in each server process, seeded as \`npm start\` seeds it: ${report.products} products).`
      : db.reused
      ? `Database: reused (${report.products} products).`
      : `Database: ${report.products} products generated and inserted in ${((db.generatedMs ?? 0) / 1000).toFixed(1)} s (migrations ${(db.migrateMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(db.vacuumMs / 1000).toFixed(1)} s).`,
    '',
  );
  lines.push(
    `Load: autocannon, ${load.connections} connections, ${load.warmupSeconds} s warm-up then ${load.durationSeconds} s per scenario, rotating through the scenario's paths. ` +
      `Latencies are per response (ms). Ratio: req/s over bare Fastify's — for a scenario with a "Bare beside", over bare Fastify's run just before it ` +
      `(the host's speed drifts within a run: decisions/0097); for the others, over the mean of the runs before and after all scenarios (${report.bareRps.toFixed(0)} req/s). ` +
      'All from this one run on a shared machine: compare ratios within the run, not absolute numbers between runs.',
    '',
  );
  lines.push(
    'Rows without "no answer cache" run on the app as shipped, whose content answers are kept in memory until a write ' +
      `changes the data (decisions/0016); "Cache hits" is the share of that run's requests answered from memory. The "stock writes" row changes an item's stock ${report.writesPerSecond} times a second during the run, each change emptying the cache.`,
    '',
  );
  lines.push('Goals of issue 13 (every request a new address, answer cache off unless said):', '');
  lines.push('| Goal | Measured | Verdict |', '|---|---|---|');
  for (const goal of report.goals) lines.push(`| ${goal.goal} | ${goal.measured} | ${verdict(goal.pass)} |`);
  lines.push('');
  lines.push(
    'Rows starting "cold" send a new address on every request (bench/cold.ts: random price bounds, offsets, tag sets, ' +
      'search words from the catalogue vocabulary and misspellings of them); "Paths" is then "new".',
    '',
  );
  lines.push('| Scenario | Paths | req/s | p50 | p95 | p99 | max | Bytes/resp | Bare beside | × bare | Cache hits | p95 budget | req/s budget | Failures |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|');
  for (const row of report.rows) {
    const r = row.result;
    const p95 = row.p95Budget === undefined ? '' : `≤ ${row.p95Budget} ms: ${verdict(row.p95Pass)}`;
    const ratio = row.ratioBudget === undefined ? '' : `≥ ${row.ratioBudget * 100}%: ${verdict(row.ratioPass)}`;
    lines.push(
      `| ${r.name} | ${r.paths} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.bytesPerResponse} | ${row.bareBeside === undefined ? '' : row.bareBeside.toFixed(0)} | ${(row.ratio * 100).toFixed(0)}% | ${row.hitRate === undefined ? '' : `${(row.hitRate * 100).toFixed(1)}%`} | ${p95} | ${ratio} | ${r.failures} |`,
    );
  }
  lines.push('');
  const empty = report.rows.filter((row) => (row.emptyPaths ?? 0) > 0);
  if (empty.length > 0) {
    lines.push(
      'Paths that found no rows: ' +
        empty.map((row) => `${row.result.name}: ${row.emptyPaths} of ${row.result.paths === 'new' ? 'the first 40 checked' : row.result.paths}`).join('; ') +
        '.',
      '',
    );
  }
  lines.push('Rows found per search path (limit 10):', '');
  for (const group of report.rowsFound.filter((g) => g.name.startsWith('search'))) {
    const perTerm = new Map<string, number[]>();
    for (const check of group.checks) {
      const term = new URLSearchParams(check.path.slice(check.path.indexOf('?') + 1)).get('search') ?? '?';
      perTerm.set(term, [...(perTerm.get(term) ?? []), check.rows]);
    }
    lines.push(`- ${group.name}: ${[...perTerm.entries()].map(([term, counts]) => `'${term}' ${counts.join('/')}`).join(', ')}`);
  }
  lines.push('');
  const cold = report.rowsFound.filter((g) => g.name.startsWith('cold'));
  if (cold.length > 0) {
    lines.push('Rows found by the first 40 addresses of each cold scenario (a page of 10; a search that finds nothing is fast for the wrong reason):', '');
    for (const group of cold) {
      const found = group.checks.map((check) => check.rows);
      const empty = found.filter((n) => n === 0).length;
      const full = found.filter((n) => n >= 10).length;
      lines.push(`- ${group.name}: ${full} full pages, ${found.length - full - empty} partial, ${empty} empty`);
    }
    lines.push('');
  }

  if (!pgFacts) return lines.join('\n');
  lines.push('### EXPLAIN (ANALYZE, BUFFERS)', '');
  lines.push(`Indexes on items: ${pgFacts.indexes.map((d) => `\`${d.replace(/^CREATE (UNIQUE )?INDEX /, '')}\``).join('; ')}`, '');
  for (const e of report.explained) {
    lines.push(`#### ${e.name}`, '', `\`${e.path}\``, '');
    e.statements.forEach((st, i) => {
      const label = e.statements.length > 1 ? `Statement ${i + 1} of ${e.statements.length}` : 'Statement';
      lines.push(
        `${label}: execution ${st.executionMs ?? '?'} ms; indexes used: ${st.indexesUsed.length ? st.indexesUsed.join(', ') : 'none'}${st.seqScans.length ? `; sequential scan of ${st.seqScans.join(', ')}` : ''}`,
        '',
        '```',
        ...st.keyLines,
        '```',
        '',
      );
    });
  }
  return lines.join('\n');
}
