import { and, count, desc, eq, ne, sql } from 'drizzle-orm';
import { ADDRESS_BOOK_LIMIT, ADDRESS_MESSAGES, type Address, type AddressFields } from '@ssd/shared/addresses';
import type { Database } from '../../db/client';
import { lockKeyForTransaction, type Transaction } from '../../db/locks';
import { addresses } from '../../db/schema';
import { fail } from '../../lib/envelope';

/**
 * The address book (ours; docs in @ssd/shared/addresses). Every call acts on the caller's own rows only:
 * another shopper's address answers 404 exactly like a missing one. Invariant: a shopper with addresses
 * has exactly one default (the first address becomes it; deleting it hands it on), and the table's
 * partial unique index refuses two.
 */

export type AddressRow = typeof addresses.$inferSelect;
type Reader = Pick<Database, 'select'>;

/** The answer shape of a row (no owner, no timestamps). */
export function toAddress(row: AddressRow): Address {
  return {
    id: row.id,
    full_name: row.full_name,
    mobile: row.mobile,
    line1: row.line1,
    line2: row.line2,
    city: row.city,
    state: row.state,
    pin_code: row.pin_code,
    is_default: row.is_default,
  };
}

/** The default first, then the most recently changed (id breaks a tie). */
const BOOK_ORDER = [desc(addresses.is_default), desc(addresses.updated_on), desc(addresses.id)] as const;

/** The shopper's addresses, the default first, then the most recently changed. */
export async function listAddresses(db: Reader, userId: string): Promise<Address[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.user_id, userId))
    .orderBy(...BOOK_ORDER);
  return rows.map(toAddress);
}

/**
 * The address an order is delivered to: the shopper's own address `addressId` when given, else their
 * default one (or, should there be none, the most recently changed); null when there is no such
 * address or the book is empty. Pass a transaction to read inside it.
 */
export async function defaultOrChosenAddress(db: Reader, userId: string, addressId?: number | null): Promise<AddressRow | null> {
  const where =
    addressId === undefined || addressId === null
      ? eq(addresses.user_id, userId)
      : and(eq(addresses.user_id, userId), eq(addresses.id, addressId));
  const [row] = await db
    .select()
    .from(addresses)
    .where(where)
    .orderBy(...BOOK_ORDER)
    .limit(1);
  return row ?? null;
}

/**
 * Every change to a shopper's book runs under this per-shopper lock (all processes, one PostgreSQL), so
 * two adds racing at 9 can't make 11 and two default switches can't meet on the unique index.
 */
async function lockBook(tx: Transaction, userId: string): Promise<void> {
  await lockKeyForTransaction(tx, `addresses:user:${userId}`);
}

async function ownRow(tx: Reader, userId: string, id: number): Promise<AddressRow> {
  const [row] = await tx
    .select()
    .from(addresses)
    .where(and(eq(addresses.user_id, userId), eq(addresses.id, id)));
  if (!row) throw fail.notFound(ADDRESS_MESSAGES.notFound);
  return row;
}

/** Takes the default from whichever of the shopper's other addresses has it. */
async function clearDefault(tx: Transaction, userId: string, exceptId?: number): Promise<void> {
  const others = exceptId === undefined ? undefined : ne(addresses.id, exceptId);
  await tx
    .update(addresses)
    .set({ is_default: false })
    .where(and(eq(addresses.user_id, userId), eq(addresses.is_default, true), others));
}

/**
 * Adds an address (at most ADDRESS_BOOK_LIMIT). The first one becomes the default; `makeDefault` makes
 * a later one the default, in the same transaction as taking it from the old one.
 */
export async function createAddress(
  db: Database,
  userId: string,
  fields: AddressFields,
  makeDefault = false,
): Promise<{ address: Address; addresses: Address[] }> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [kept] = await tx.select({ n: count() }).from(addresses).where(eq(addresses.user_id, userId));
    const n = kept?.n ?? 0;
    if (n >= ADDRESS_BOOK_LIMIT) throw fail.conflict(ADDRESS_MESSAGES.limit);
    const isDefault = n === 0 || makeDefault;
    if (isDefault) await clearDefault(tx, userId);
    const [row] = await tx
      .insert(addresses)
      .values({ ...fields, user_id: userId, is_default: isDefault })
      .returning();
    return { address: toAddress(row!), addresses: await listAddresses(tx, userId) };
  });
}

/** Replaces every field of one of the shopper's addresses; whether it is the default does not change. */
export async function updateAddress(
  db: Database,
  userId: string,
  id: number,
  fields: AddressFields,
): Promise<{ address: Address; addresses: Address[] }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(addresses)
      .set({ ...fields, updated_on: sql`now()` })
      .where(and(eq(addresses.user_id, userId), eq(addresses.id, id)))
      .returning();
    if (!row) throw fail.notFound(ADDRESS_MESSAGES.notFound);
    return { address: toAddress(row), addresses: await listAddresses(tx, userId) };
  });
}

/** Deletes one of the shopper's addresses; when it was the default, the most recently changed of the rest takes over. */
export async function deleteAddress(db: Database, userId: string, id: number): Promise<Address[]> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const [gone] = await tx
      .delete(addresses)
      .where(and(eq(addresses.user_id, userId), eq(addresses.id, id)))
      .returning({ is_default: addresses.is_default });
    if (!gone) throw fail.notFound(ADDRESS_MESSAGES.notFound);
    if (gone.is_default) {
      const heir = await defaultOrChosenAddress(tx, userId);
      if (heir) await tx.update(addresses).set({ is_default: true }).where(eq(addresses.id, heir.id));
    }
    return listAddresses(tx, userId);
  });
}

/** Makes one of the shopper's addresses the default, taking it from the old one in the same transaction. */
export async function chooseDefaultAddress(db: Database, userId: string, id: number): Promise<{ address: Address; addresses: Address[] }> {
  return db.transaction(async (tx) => {
    await lockBook(tx, userId);
    const row = await ownRow(tx, userId, id);
    if (!row.is_default) {
      await clearDefault(tx, userId, id);
      await tx.update(addresses).set({ is_default: true }).where(eq(addresses.id, id));
    }
    return { address: toAddress({ ...row, is_default: true }), addresses: await listAddresses(tx, userId) };
  });
}
