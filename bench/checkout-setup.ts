/**
 * The checkout bench's data: a generated catalogue (bench/generate.ts), one hot item with a large stock,
 * shoppers with real sessions and a default address each, and the stock invariant checked over every item.
 */
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database } from '../apps/server/src/db/client';
import { addresses, items, users } from '../apps/server/src/db/schema';
import { issueSession } from '../apps/server/src/modules/auth/sessions';
import { TokenSigner } from '../apps/server/src/modules/auth/tokens';
import { sweepExpiredHolds } from '../apps/server/src/modules/checkout/sweeper';

/** The JWT secret the bench's servers sign with (passed to bench/server.ts as BENCH_JWT_SECRET). */
export const CHECKOUT_BENCH_JWT_SECRET = 'checkout-bench-secret-long-enough-for-hs256-signing';

export interface Shopper {
  index: number;
  id: string;
  token: string;
  addressId: number;
}

/** An item with a stock the bench controls: ₹1,299 (under the free-delivery total, so delivery is charged too). */
export async function insertBenchItem(db: Database, title: string, quantity: number): Promise<number> {
  const [row] = await db
    .insert(items)
    .values({
      title,
      shop: 'fabrics',
      catalog: 'Sarees',
      price_paise: 129_900,
      market_price_paise: 159_900,
      thumbnail_image: '00000000-0000-4000-8000-000000000000',
      quantity,
      tags: ['silk', 'bench'],
    })
    .returning({ id: items.id });
  return row!.id;
}

/** Runs `work` over `inputs` with at most `limit` at once; answers in input order. */
export async function mapLimit<T, R>(inputs: T[], limit: number, work: (input: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(inputs.length);
  let next = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const i = next++;
      results[i] = await work(inputs[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, inputs.length) }, worker));
  return results;
}

/**
 * `count` shoppers: users inserted 1,000 a statement, a default address each (Karnataka, the seller's
 * state), and a session each opened by the app's own issueSession with a TokenSigner on the bench's
 * secret, as apps/server/test/helper.ts createUserWithToken does (no password, no argon2).
 */
export async function createShoppers(db: Database, count: number, onProgress?: (done: number) => void): Promise<Shopper[]> {
  const signer = new TokenSigner(CHECKOUT_BENCH_JWT_SECRET);
  const shoppers: Shopper[] = [];
  for (let start = 0; start < count; start += 1000) {
    const batch = Array.from({ length: Math.min(1000, count - start) }, (_, k) => start + k);
    const rows = await db
      .insert(users)
      .values(batch.map((i) => ({ name: `Bench Shopper ${i}`, email: `bench-shopper-${i}@example.com` })))
      .returning({ id: users.id, name: users.name, email: users.email, role: users.role, auth_provider: users.auth_provider });
    const byEmail = new Map(rows.map((row) => [row.email, row]));
    const ordered = batch.map((i) => byEmail.get(`bench-shopper-${i}@example.com`)!);
    const addressRows = await db
      .insert(addresses)
      .values(
        ordered.map((user, k) => ({
          user_id: user.id,
          full_name: `Bench Shopper ${batch[k]}`,
          mobile: `98${String(batch[k]).padStart(8, '0')}`,
          line1: `${(batch[k] ?? 0) + 1} MG Road`,
          city: 'Bengaluru',
          state: 'Karnataka',
          pin_code: '560001',
          is_default: true,
        })),
      )
      .returning({ id: addresses.id, user_id: addresses.user_id });
    const addressOf = new Map(addressRows.map((row) => [row.user_id, row.id]));
    const sessions = await mapLimit(ordered, 8, (user) => issueSession(db, signer, user));
    ordered.forEach((user, k) => {
      shoppers.push({ index: batch[k]!, id: user.id, token: sessions[k]!.access_token, addressId: addressOf.get(user.id)! });
    });
    onProgress?.(shoppers.length);
  }
  return shoppers;
}

/** Every item's stock now: the "initial stock" of the invariant, taken before any hold. */
export async function stockSnapshot(pool: pg.Pool): Promise<Map<number, number>> {
  const result = await pool.query<{ id: number; quantity: number }>('SELECT id, quantity FROM items');
  return new Map(result.rows.map((row) => [row.id, row.quantity]));
}

export interface InvariantReport {
  items: number;
  /** Items whose held + sold units exceed their initial stock. */
  oversold: number;
  /** Items where initial stock ≠ items.quantity + held units + sold units (a unit lost or made up). */
  mismatched: number;
  examples: string[];
}

/**
 * The invariant of modules/checkout/stock-holds.ts over every item the bench knows the initial stock of:
 * initial stock = items.quantity + units of held reservation lines + units of sold reservation lines.
 */
export async function checkInvariant(pool: pg.Pool, initial: Map<number, number>): Promise<InvariantReport> {
  const result = await pool.query<{ id: number; quantity: number; held: string; sold: string }>(`
    SELECT i.id, i.quantity,
           coalesce(sum(l.quantity) FILTER (WHERE r.status = 'held'), 0) AS held,
           coalesce(sum(l.quantity) FILTER (WHERE r.status = 'sold'), 0) AS sold
      FROM items i
      LEFT JOIN reservation_lines l ON l.item_id = i.id
      LEFT JOIN reservations r ON r.id = l.reservation_id
     GROUP BY i.id`);
  let oversold = 0;
  let mismatched = 0;
  const examples: string[] = [];
  for (const row of result.rows) {
    const start = initial.get(row.id);
    if (start === undefined) continue;
    const held = Number(row.held);
    const sold = Number(row.sold);
    const over = held + sold > start;
    const off = start !== row.quantity + held + sold;
    if (over) oversold += 1;
    if (off) mismatched += 1;
    if ((over || off) && examples.length < 5) examples.push(`item ${row.id}: initial ${start}, quantity ${row.quantity}, held ${held}, sold ${sold}`);
  }
  return { items: result.rows.length, oversold, mismatched, examples };
}

/** Units held and sold of one item, and its stock now. */
export async function itemUnits(pool: pg.Pool, itemId: number): Promise<{ quantity: number; held: number; sold: number; heldReservations: number }> {
  const result = await pool.query<{ quantity: number; held: string; sold: string; held_reservations: string }>(
    `SELECT i.quantity,
            coalesce(sum(l.quantity) FILTER (WHERE r.status = 'held'), 0) AS held,
            coalesce(sum(l.quantity) FILTER (WHERE r.status = 'sold'), 0) AS sold,
            count(*) FILTER (WHERE r.status = 'held') AS held_reservations
       FROM items i
       LEFT JOIN reservation_lines l ON l.item_id = i.id
       LEFT JOIN reservations r ON r.id = l.reservation_id
      WHERE i.id = $1
      GROUP BY i.id`,
    [itemId],
  );
  const row = result.rows[0]!;
  return { quantity: row.quantity, held: Number(row.held), sold: Number(row.sold), heldReservations: Number(row.held_reservations) };
}

/**
 * Ends every held reservation between scenarios, so each starts with shoppers who hold nothing: their
 * expiry is moved to the past and the app's own sweep (modules/checkout/sweeper.ts) releases them.
 */
export async function releaseAllHolds(db: Database): Promise<number> {
  await db.execute(sql`UPDATE reservations SET expires_at = now() - interval '1 second' WHERE status = 'held'`);
  return sweepExpiredHolds(db, new Date());
}

/** Settings of the PostgreSQL server that bear on commit-bound work (each hold is a commit). */
export async function commitSettings(pool: pg.Pool): Promise<Record<string, string>> {
  const settings: Record<string, string> = {};
  for (const name of ['synchronous_commit', 'fsync', 'wal_sync_method', 'max_connections']) {
    const result = await pool.query<Record<string, string>>(`SHOW ${name}`);
    settings[name] = Object.values(result.rows[0] ?? {})[0] ?? '?';
  }
  return settings;
}

/**
 * EXPLAIN (ANALYZE) of the statement a hold runs on the item's row (stock-holds.ts moveStock), rolled
 * back: its plan and the time of each trigger it fires (inside the row lock). It runs twice before, each
 * in a transaction of its own rolled back, so the trigger functions are compiled and planned as on a
 * busy server's connection, and the row it updates was written by another transaction, as a hold's is
 * (an UPDATE of a row its own transaction wrote would also fire the foreign-key checks).
 */
export async function explainStockUpdate(pool: pg.Pool, itemId: number): Promise<string[]> {
  const client = await pool.connect();
  const update = 'UPDATE items SET quantity = quantity + $2 WHERE id = $1 AND quantity + $2 >= 0 RETURNING id';
  try {
    for (let i = 0; i < 2; i++) {
      await client.query('BEGIN');
      await client.query(update, [itemId, -1]);
      await client.query('ROLLBACK');
    }
    await client.query('BEGIN');
    const result = await client.query<{ 'QUERY PLAN': string }>(`EXPLAIN (ANALYZE, BUFFERS) ${update}`, [itemId, -1]);
    await client.query('ROLLBACK');
    return result.rows.map((row) => row['QUERY PLAN']);
  } finally {
    client.release();
  }
}
