/** The bench's own database on a PostgreSQL server: created, dropped, vacuumed. */
import pg from 'pg';

/** Only databases with 'bench' in their name are ever dropped by the bench. */
const BENCH_NAME = /^[a-z0-9_]*bench[a-z0-9_]*$/;

export function benchDatabaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function checkName(name: string): void {
  if (!BENCH_NAME.test(name)) throw new Error(`refusing to touch database '${name}': bench databases have 'bench' in their name (ssd_bench, h2_bench…)`);
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The maintenance database of the server (`postgres`), for CREATE/DROP DATABASE. */
function maintenanceUrl(serverUrl: string): string {
  return benchDatabaseUrl(serverUrl, 'postgres');
}

export async function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  checkName(name);
  await withClient(maintenanceUrl(serverUrl), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.query(`CREATE DATABASE ${name}`);
  });
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  checkName(name);
  await withClient(maintenanceUrl(serverUrl), (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
}

/** The number of items in an existing bench database, or null when it does not exist (for --reuse). */
export async function existingItemCount(serverUrl: string, name: string): Promise<number | null> {
  checkName(name);
  const exists = await withClient(maintenanceUrl(serverUrl), async (client) => {
    const result = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    return result.rowCount === 1;
  });
  if (!exists) return null;
  return withClient(benchDatabaseUrl(serverUrl, name), async (client) => {
    const table = await client.query("SELECT to_regclass('public.items') IS NOT NULL AS present");
    if (!table.rows[0]?.present) return 0;
    const result = await client.query<{ n: string }>('SELECT count(*) AS n FROM items');
    return Number(result.rows[0]?.n ?? 0);
  });
}

/** As autovacuum would have left a live database: planner statistics and an up-to-date visibility map. */
export async function vacuumAnalyze(url: string): Promise<void> {
  await withClient(url, (client) => client.query('VACUUM (ANALYZE)'));
}

export interface ServerFacts {
  version: string;
  settings: Record<string, string>;
  itemsSize: string;
  indexes: string[];
}

export async function serverFacts(url: string): Promise<ServerFacts> {
  return withClient(url, async (client) => {
    const version = (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? '?';
    const settings: Record<string, string> = {};
    for (const name of ['shared_buffers', 'work_mem', 'effective_cache_size', 'random_page_cost', 'max_parallel_workers_per_gather', 'jit']) {
      const result = await client.query<Record<string, string>>(`SHOW ${name}`);
      settings[name] = Object.values(result.rows[0] ?? {})[0] ?? '?';
    }
    const size = await client.query<{ s: string }>("SELECT pg_size_pretty(pg_total_relation_size('items')) AS s");
    const indexes = await client.query<{ def: string }>(
      "SELECT indexdef AS def FROM pg_indexes WHERE tablename = 'items' ORDER BY indexname",
    );
    return { version, settings, itemsSize: size.rows[0]?.s ?? '?', indexes: indexes.rows.map((r) => r.def) };
  });
}
