/**
 * The content service's own JavaScript per cold request (issue 13, decisions/0054): parse → plan →
 * compile → run → shape for new addresses of each cold scenario (bench/cold.ts), with the database
 * client answered at once by an empty result, so only the app's work (and the driver's call) is
 * timed, not the engine's. Empty pages make every search also take its typo-fallback statements.
 *
 *   npx tsx bench/content-js-cost.ts [requests per scenario=3000] [pglite|postgres]
 *
 * `postgres` needs no database either: a node-postgres pool whose `query` is the stub.
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { openDatabase, type Database } from '../apps/server/src/db/client';
import * as schema from '../apps/server/src/db/schema';
import { publicCollection } from '../apps/server/src/content/collections';
import { parseContentQuery } from '../apps/server/src/content/query-parse';
import { listItems } from '../apps/server/src/content/read';
import { coldCatalogListing, coldMisspeltSearch, coldSearch, coldShopListing, coldTagListing } from './cold';

const requests = Number(process.argv[2] ?? 3000);
const kind = process.argv[3] === 'postgres' ? 'postgres' : 'pglite';
const empty = { rows: [], fields: [], rowCount: 0, command: 'SELECT', affectedRows: 0 };
let sent = 0;

let db: Database;
if (kind === 'pglite') {
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  db = database.db;
  const client = (db as unknown as { $client: { query: unknown } }).$client;
  client.query = async () => (sent++, empty);
} else {
  const pool = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
  (pool as unknown as { query: unknown }).query = async () => (sent++, empty);
  db = drizzlePg({ client: pool, schema }) as unknown as Database;
}

const collection = publicCollection('items')!;
const queryOf = (path: string) => path.slice(path.indexOf('?') + 1);
const os = await import('node:os');
console.log(`${kind}, ${requests} new addresses per scenario, load ${os.loadavg().map((n) => n.toFixed(2)).join(' ')}`);
console.log('| cold scenario | µs per request | statements per request |\n|---|---:|---:|');
for (const source of [coldShopListing(), coldCatalogListing(), coldTagListing(), coldSearch(), coldMisspeltSearch()]) {
  const paths = Array.from({ length: requests + 500 }, () => source.next());
  for (const path of paths.slice(0, 500)) await listItems(db, collection, parseContentQuery(queryOf(path)));
  sent = 0;
  const started = process.cpuUsage();
  for (const path of paths.slice(500)) await listItems(db, collection, parseContentQuery(queryOf(path)));
  const used = process.cpuUsage(started);
  console.log(`| ${source.label} | ${((used.user + used.system) / requests).toFixed(1)} | ${(sent / requests).toFixed(2)} |`);
}
