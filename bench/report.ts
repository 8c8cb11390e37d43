/** The results of one bench run as Markdown (also kept as JSON next to it). */
import type { ServerFacts } from './database';
import type { Explained } from './explain';
import type { LoadOptions, LoadResult } from './load';

export interface ScenarioRow {
  result: LoadResult;
  kind: 'baseline' | 'listing' | 'search' | 'api';
  /** req/s over the bare Fastify req/s (mean of the runs before and after). */
  ratio: number;
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
  postgres: ServerFacts;
  products: number;
  database: { generatedMs: number | null; migrateMs: number; vacuumMs: number; reused: boolean };
  load: LoadOptions;
  bareRps: number;
  rows: ScenarioRow[];
  rowsFound: { name: string; checks: { path: string; rows: number }[] }[];
  explained: Explained[];
  budget: { listingP95Ms: number; searchP95Ms: number; listingVsBare: number };
  writesPerSecond: number;
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
  lines.push(
    `PostgreSQL ${pgFacts.version} (${Object.entries(pgFacts.settings)
      .map(([k, v]) => `${k}=${v}`)
      .join(', ')}); items table with indexes ${pgFacts.itemsSize}.`,
    '',
  );
  const db = report.database;
  lines.push(
    db.reused
      ? `Database: reused (${report.products} products).`
      : `Database: ${report.products} products generated and inserted in ${((db.generatedMs ?? 0) / 1000).toFixed(1)} s (migrations ${(db.migrateMs / 1000).toFixed(1)} s, VACUUM ANALYZE ${(db.vacuumMs / 1000).toFixed(1)} s).`,
    '',
  );
  lines.push(
    `Load: autocannon, ${load.connections} connections, ${load.warmupSeconds} s warm-up then ${load.durationSeconds} s per scenario, rotating through the scenario's paths. ` +
      `Latencies are per response (ms). Ratio: req/s over bare Fastify's (mean of the run before and after: ${report.bareRps.toFixed(0)} req/s). ` +
      'All from this one run on a shared machine: compare ratios within the run, not absolute numbers between runs.',
    '',
  );
  lines.push(
    'Rows without "no answer cache" run on the app as shipped, whose content answers are kept in memory until a write ' +
      `changes the data (decisions/0016); "Cache hits" is the share of that run's requests answered from memory. The "stock writes" row changes an item's stock ${report.writesPerSecond} times a second during the run, each change emptying the cache.`,
    '',
  );
  lines.push('| Scenario | Paths | req/s | p50 | p95 | p99 | max | Bytes/resp | × bare | Cache hits | p95 budget | req/s budget | Failures |');
  lines.push('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---:|');
  for (const row of report.rows) {
    const r = row.result;
    const p95 = row.p95Budget === undefined ? '' : `≤ ${row.p95Budget} ms: ${verdict(row.p95Pass)}`;
    const ratio = row.ratioBudget === undefined ? '' : `≥ ${row.ratioBudget * 100}%: ${verdict(row.ratioPass)}`;
    lines.push(
      `| ${r.name} | ${r.paths} | ${r.requestsPerSecond.toFixed(0)} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${ms(r.max)} | ${r.bytesPerResponse} | ${(row.ratio * 100).toFixed(0)}% | ${row.hitRate === undefined ? '' : `${(row.hitRate * 100).toFixed(1)}%`} | ${p95} | ${ratio} | ${r.failures} |`,
    );
  }
  lines.push('');
  const empty = report.rows.filter((row) => (row.emptyPaths ?? 0) > 0);
  if (empty.length > 0) {
    lines.push(
      'Paths that found no rows: ' + empty.map((row) => `${row.result.name}: ${row.emptyPaths} of ${row.result.paths}`).join('; ') + '.',
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
