/**
 * EXPLAIN (ANALYZE, BUFFERS) of the SQL the content service sends for a request: the request's
 * query string goes through the service's own parse → plan → read code with a logging drizzle
 * instance, so the statement (and its parameters) is exactly what the server runs, whatever the
 * search or filter code currently produces.
 */
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { STATEMENT_JIT, type Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { publicCollection } from '../apps/server/src/content/collections';
import { parseContentQuery } from '../apps/server/src/content/query-parse';
import { listItems } from '../apps/server/src/content/read';

export interface ExplainedStatement {
  sql: string;
  params: unknown[];
  plan: string[];
  /** The lines that say how rows are found: scans, index conditions, sorts, times. */
  keyLines: string[];
  indexesUsed: string[];
  seqScans: string[];
  executionMs: number | null;
}

/** One request: every statement it sends to the items table, in order (a search that finds nothing checks for typos, then reads again). */
export interface Explained {
  name: string;
  path: string;
  statements: ExplainedStatement[];
}

interface Captured {
  sql: string;
  params: unknown[];
}

const KEY_LINE = /Scan|Sort Key|Sort Method|Index Cond|Recheck Cond|Rows Removed|Limit|Execution Time|Planning Time|Hash Join|Nested Loop|Gather|Bitmap|Filter:/;
const MAX_LINE = 220;
/** A read of the items table itself (not of item_images). */
const ITEMS_READ = /^\s*select\b[\s\S]*\bfrom\s+"items"/i;

function shorten(line: string): string {
  return line.length > MAX_LINE ? `${line.slice(0, MAX_LINE)}…` : line;
}

async function explain(client: pg.PoolClient, statement: Captured): Promise<ExplainedStatement> {
  const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${statement.sql}`, statement.params);
  const plan = result.rows.map((row) => row['QUERY PLAN']);
  const scanned = (pattern: RegExp) => [...new Set(plan.flatMap((line) => [...line.matchAll(pattern)].map((m) => m[1] as string)))];
  const time = plan.map((line) => /Execution Time: ([\d.]+) ms/.exec(line)?.[1]).find(Boolean);
  return {
    ...statement,
    plan,
    keyLines: plan.filter((line) => KEY_LINE.test(line)).map(shorten),
    indexesUsed: scanned(/(?:Index(?: Only)? Scan(?: Backward)?|Bitmap Index Scan) (?:using|on) (\S+)/g),
    seqScans: scanned(/Seq Scan on (\S+)/g),
    executionMs: time ? Number(time) : null,
  };
}

export async function explainAll(url: string, requests: { name: string; path: string }[]): Promise<Explained[]> {
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c jit=${STATEMENT_JIT}` });
  const captured: Captured[] = [];
  // Captured at the pool, not by drizzle's logger: the rows statement is compiled and sent without
  // drizzle's builder (content/statements.ts).
  const query = pool.query.bind(pool) as (config: unknown, values?: unknown[]) => Promise<unknown>;
  (pool as unknown as { query: typeof query }).query = (config, values) => {
    const text = typeof config === 'string' ? config : (config as { text: string }).text;
    captured.push({ sql: text, params: values ?? (config as { values?: unknown[] }).values ?? [] });
    return query(config, values);
  };
  const db = drizzle({ client: pool, schema }) as unknown as Database;
  const collection = publicCollection('items');
  if (!collection) throw new Error('the items collection is not public');
  const out: Explained[] = [];
  try {
    for (const request of requests) {
      captured.length = 0;
      const queryString = request.path.slice(request.path.indexOf('?') + 1);
      await listItems(db, collection, parseContentQuery(queryString));
      if (!captured.some((c) => ITEMS_READ.test(c.sql))) throw new Error(`no items query captured for ${request.path}`);
      // Replayed in order in one transaction (rolled back), so nothing a statement does outlives the
      // replay. The planner estimates the service asks (EXPLAIN, remembered: content/estimates.ts) are
      // not reads and are not explained.
      const client = await pool.connect();
      const explained: ExplainedStatement[] = [];
      try {
        await client.query('BEGIN');
        for (const statement of captured) {
          if (/^\s*(begin|commit|rollback)\b/i.test(statement.sql)) continue;
          if (ITEMS_READ.test(statement.sql)) explained.push(await explain(client, statement));
          else await client.query(statement.sql, statement.params);
        }
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
      out.push({ ...request, statements: explained });
    }
  } finally {
    await pool.end();
  }
  return out;
}
