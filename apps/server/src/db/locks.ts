import { sql } from 'drizzle-orm';
import type { Database } from './client';

/** The handle a `db.transaction(async (tx) => ...)` callback receives. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Serialises work on one key (an email, a client address) across every process on the database
 * until the transaction ends: a transaction-scoped advisory lock on a 64-bit hash of the key.
 * Take several keys in one fixed order everywhere, so two transactions never wait on each other.
 */
export async function lockKeyForTransaction(tx: Transaction, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}
