/**
 * Where a cold request's database time goes, statement by statement, once the service's remembered
 * estimates and counts have warmed up (issue 13): runs WARM new addresses of a cold scenario (bench/cold.ts)
 * through the content service on one connection, then N more with PostgreSQL logging every statement's
 * parse, bind (which plans an unnamed statement) and execute time, reads those lines back from the server's
 * log file and sums them per request by kind of statement. Needs a superuser connection (to set
 * log_min_duration_statement for its own session) and the server's log file readable here. Searches are read
 * with the aids the server gives them (kept synonyms, corrections and counts, content/plugin.ts).
 *
 *   ONLY=search npx tsx bench/statement-log.ts [postgres://postgres@127.0.0.1:5432/ssd_bench] [/var/log/postgresql/postgresql-15-main.log]
 *   ONLY=misspelt WARM=2500 N=500 SLOWEST=10 npx tsx bench/statement-log.ts …   (and the slowest statements' parameters)
 */
import { readFileSync, statSync } from 'node:fs';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { STATEMENT_JIT, type Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { publicCollection } from '../apps/server/src/content/collections';
import { parseContentQuery } from '../apps/server/src/content/query-parse';
import { listItems } from '../apps/server/src/content/read';
import { ChangeFeed } from '../apps/server/src/db/change-feed';
import { CorrectionCache } from '../apps/server/src/content/corrections';
import type { SearchAids } from '../apps/server/src/content/search';
import { SynonymCache } from '../apps/server/src/content/synonyms';
import { VisibleRowCounts } from '../apps/server/src/content/visible-rows';
import { LexiconCache } from '../apps/server/src/content/lexicon';
import { coldScenarios } from './cold';

const url = process.argv[2] ?? 'postgres://postgres@127.0.0.1:5432/ssd_bench';
const logFile = process.argv[3] ?? '/var/log/postgresql/postgresql-15-main.log';
const scenario = (process.env.ONLY ?? 'search') as keyof ReturnType<typeof coldScenarios>;
const warm = Number(process.env.WARM ?? 2500);
const measured = Number(process.env.N ?? 500);
const slowest = Number(process.env.SLOWEST ?? 0);

/** The kind of a statement, by its text. */
function kindOf(text: string): string {
  if (text.startsWith('explain')) return 'estimate (EXPLAIN)';
  if (text.includes('from search_words')) return 'corrections (search_words)';
  if (text.startsWith("select '=' || word")) return 'postings counts';
  if (text.includes('from item_search') && text.includes('limit 2000')) return 'price band';
  if (text.startsWith('select "items"')) {
    if (text.includes('complete as')) return 'rows: search of several words (postings walked)';
    if (text.includes('"term_vocabulary"')) return 'rows: search of one word (postings)';
    if (text.includes('"tag_vocabulary"')) return 'rows: tag branches';
    if (text.includes('union all') || text.includes('branch_value')) return 'rows: catalog branches';
    return 'rows: plain';
  }
  if (text.includes('count(*)')) return 'counts';
  return text.slice(0, 60);
}

const source = coldScenarios(0)[scenario]();
const paths = Array.from({ length: warm + measured }, () => source.next());
const pool = new pg.Pool({ connectionString: url, max: 1, options: `-c jit=${STATEMENT_JIT}` });
const db = drizzle({ client: pool, schema }) as unknown as Database;
const collection = publicCollection('items')!;
// The search aids the service reads with (content/plugin.ts), on a feed taken as heard: nothing changes the bench database meanwhile.
const feed = new ChangeFeed();
feed.publish({ type: 'restored' });
const synonyms = new SynonymCache(db, feed);
const aids: SearchAids = { synonyms: await synonyms.current(), corrections: new CorrectionCache(feed), visibleRows: new VisibleRowCounts(db, feed), lexicons: new LexiconCache(db, feed) };
const read = (path: string) => listItems(db, collection, parseContentQuery(path.slice(path.indexOf('?') + 1)), aids);

for (const path of paths.slice(0, warm)) await read(path);
const logStart = statSync(logFile).size;
await pool.query('set log_min_duration_statement = 0');
const started = performance.now();
for (const path of paths.slice(warm)) await read(path);
const wallMs = (performance.now() - started) / measured;
await pool.query('set log_min_duration_statement = -1');
await pool.end();

const entries = readFileSync(logFile).subarray(logStart).toString('utf8').split(/\n(?=\d{4}-\d\d-\d\d )/);
const byKind = new Map<string, { statements: number; parse: number; bind: number; execute: number }>();
const executions: Array<{ ms: number; kind: string; parameters: string }> = [];
let parameters = '';
for (const entry of entries) {
  const detail = /DETAIL: {2}parameters: (.*)/.exec(entry);
  if (detail) parameters = detail[1]!;
  const logged = /duration: ([\d.]+) ms\s+(parse|bind|execute) [^:]*: ([\s\S]*)/.exec(entry);
  if (!logged || logged[3]!.startsWith('set log_min_duration')) continue;
  const [, ms, phase, text] = logged;
  const kind = kindOf(text!.trim());
  const sums = byKind.get(kind) ?? { statements: 0, parse: 0, bind: 0, execute: 0 };
  sums[phase as 'parse' | 'bind' | 'execute'] += Number(ms);
  if (phase === 'execute') {
    sums.statements += 1;
    executions.push({ ms: Number(ms), kind, parameters });
  }
  byKind.set(kind, sums);
}

const perRequest = (ms: number) => (ms / measured).toFixed(3);
console.info(`${scenario}: ${measured} requests after ${warm} of warm-up, wall ${wallMs.toFixed(2)} ms a request (one connection)\n`);
console.info('| statement | statements | ms a request: all | parse | bind (plans) | execute |');
console.info('|---|---:|---:|---:|---:|---:|');
for (const [kind, sums] of [...byKind].sort(([, a], [, b]) => b.parse + b.bind + b.execute - (a.parse + a.bind + a.execute))) {
  console.info(`| ${kind} | ${sums.statements} | ${perRequest(sums.parse + sums.bind + sums.execute)} | ${perRequest(sums.parse)} | ${perRequest(sums.bind)} | ${perRequest(sums.execute)} |`);
}
if (slowest > 0) {
  console.info('\nSlowest executions:');
  for (const { ms, kind, parameters: values } of executions.sort((a, b) => b.ms - a.ms).slice(0, slowest)) console.info(`${ms.toFixed(2)} ms  ${kind}  ${values.slice(0, 200)}`);
}
