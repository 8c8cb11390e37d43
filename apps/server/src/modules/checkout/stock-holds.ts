import { and, asc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockKeyForTransaction, type Transaction } from '../../db/locks';
import { items, reservationLines, reservations, type ReservationStatus } from '../../db/schema';

/**
 * The steps that move stock, and the only code that writes items.quantity for checkout. Each is an
 * idempotent transition keyed by the reservation, beside its undo:
 *   holdStock      — takes the units of every line at once, or none (undo: releaseHold)
 *   releaseHold    — held → released, units back to stock; a second call changes nothing
 *   sellHold       — held → sold, units stay out of stock for good
 *   sellReleasedHold — released → sold for a payment that came after the hold ended: takes the units
 *                    again if they are still there (undo: releaseHold is not possible — a refund is)
 *   reholdForOrder — released → held again for Retry Payment, if the units are still there (undo: releaseHold)
 * Invariant for every item at every moment: initial stock = items.quantity + held lines + sold lines.
 *
 * Stock rows are always changed in item id order, one conditional UPDATE per item, so transactions
 * holding and releasing overlapping items wait on each other and never deadlock.
 */

export type ReleaseReason = 'cancelled' | 'expired' | 'replaced' | 'order_cancelled' | 'order_expired' | 'order_failed';

export interface HoldLine {
  itemId: number;
  quantity: number;
}

/** A line could not be held: not enough units left (`left` of them), or the product is gone. */
export class StockShortError extends Error {
  constructor(
    readonly itemId: number,
    readonly left: number | null,
  ) {
    super(`item ${itemId}: ${left === null ? 'gone' : `only ${left} left`}`);
    this.name = 'StockShortError';
  }
}

/** Adds `delta` (negative takes) to each item's stock, in id order; throws StockShortError when a take would go below 0. */
async function moveStock(tx: Transaction, deltas: Map<number, number>): Promise<void> {
  for (const itemId of [...deltas.keys()].sort((a, b) => a - b)) {
    const delta = deltas.get(itemId)!;
    if (delta === 0) continue;
    const [moved] = await tx
      .update(items)
      .set({ quantity: sql`${items.quantity} + ${delta}` })
      .where(and(eq(items.id, itemId), sql`${items.quantity} + ${delta} >= 0`))
      .returning({ id: items.id });
    if (moved) continue;
    const [current] = await tx.select({ quantity: items.quantity }).from(items).where(eq(items.id, itemId));
    throw new StockShortError(itemId, current ? current.quantity : null);
  }
}

/** What a held reservation gives back, per item (lines of deleted products give nothing back). */
async function heldUnits(tx: Transaction, reservationIds: string[]): Promise<Map<number, number>> {
  const units = new Map<number, number>();
  if (reservationIds.length === 0) return units;
  const lines = await tx
    .select({ itemId: reservationLines.item_id, quantity: reservationLines.quantity })
    .from(reservationLines)
    .where(inArray(reservationLines.reservation_id, reservationIds));
  for (const line of lines) if (line.itemId !== null) units.set(line.itemId, (units.get(line.itemId) ?? 0) + line.quantity);
  return units;
}

/** Ends held reservations (held → released or sold) and returns which ones this call ended. */
async function endHolds(
  tx: Transaction,
  where: SQL,
  status: Exclude<ReservationStatus, 'held'>,
  reason: ReleaseReason | null,
  now: Date,
): Promise<string[]> {
  const ended = await tx
    .update(reservations)
    .set({ status, release_reason: reason, ended_at: now })
    .where(and(eq(reservations.status, 'held'), where))
    .returning({ id: reservations.id });
  return ended.map((row) => row.id);
}

/**
 * Holds `lines` for `userId`, replacing the shopper's previous held reservation that has no order yet
 * (its units go back in the same stock moves; one with an order is left to the order), and lets `record` write the new reservation. All or nothing. The stock rows
 * are changed last, just before the commit: a hot product's row is then locked for one statement and
 * the commit, not for the whole transaction, so buyers of it queue as briefly as they can.
 */
export async function holdStock<T>(
  db: Database,
  userId: string,
  lines: HoldLine[],
  now: Date,
  record: (tx: Transaction) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    // One checkout at a time per shopper: the one-held-reservation rule needs the previous one settled.
    await lockKeyForTransaction(tx, `reserve:user:${userId}`);
    const replaced = await endHolds(tx, and(eq(reservations.user_id, userId), isNull(reservations.ordered_at))!, 'released', 'replaced', now);
    const deltas = await heldUnits(tx, replaced);
    for (const line of lines) deltas.set(line.itemId, (deltas.get(line.itemId) ?? 0) - line.quantity);
    const recorded = await record(tx);
    await moveStock(tx, deltas);
    return recorded;
  });
}

/** held → released with `reason`, units back to stock. True when this call released it. */
export async function releaseHold(db: Database | Transaction, reservationId: string, reason: ReleaseReason, now: Date): Promise<boolean> {
  // Inside a caller's transaction this is a savepoint; alone, a transaction of its own.
  return (db as Database).transaction(async (tx) => {
    const released = await endHolds(tx, eq(reservations.id, reservationId), 'released', reason, now);
    await moveStock(tx, await heldUnits(tx, released));
    return released.length === 1;
  });
}

/** held → sold: the units stay out of stock for good. True when this call sold it. */
export async function sellHold(db: Database | Transaction, reservationId: string, now: Date): Promise<boolean> {
  const sold = await db
    .update(reservations)
    .set({ status: 'sold', ended_at: now })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
    .returning({ id: reservations.id });
  return sold.length === 1;
}

/** Takes a released reservation's units again and moves it to `status`; false when it was not released. */
async function retakeReleased(tx: Transaction, reservationId: string, set: Partial<typeof reservations.$inferInsert>): Promise<boolean> {
  const [retaken] = await tx
    .update(reservations)
    .set(set)
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'released')))
    .returning({ id: reservations.id });
  if (!retaken) return false;
  const units = await heldUnits(tx, [retaken.id]);
  for (const [itemId, quantity] of units) units.set(itemId, -quantity);
  await moveStock(tx, units);
  return true;
}

/**
 * released → sold, taking the units again: a payment arrived after the order's hold had ended. Throws
 * StockShortError (and changes nothing) when the units are gone; true when this call sold it.
 */
export async function sellReleasedHold(db: Database | Transaction, reservationId: string, now: Date): Promise<boolean> {
  return (db as Database).transaction((tx) => retakeReleased(tx, reservationId, { status: 'sold', ended_at: now }));
}

/**
 * released → held again for the order placed on it, until `until`: Retry Payment of a failed, expired or
 * cancelled order (undo: releaseHold). Throws StockShortError (and changes nothing) when the units are
 * gone; true when this call took them.
 */
export async function reholdForOrder(db: Database | Transaction, reservationId: string, until: Date, now: Date): Promise<boolean> {
  return (db as Database).transaction((tx) =>
    retakeReleased(tx, reservationId, { status: 'held', release_reason: null, ended_at: null, expires_at: until, ordered_at: now }),
  );
}

/**
 * Hands a held reservation to the order placed on it: it now lasts `until` (the order's payment window and
 * a grace), and a new checkout of the shopper no longer replaces it. False when it is no longer held.
 */
export async function holdForOrder(db: Database | Transaction, reservationId: string, until: Date, now: Date): Promise<boolean> {
  const handed = await db
    .update(reservations)
    .set({ expires_at: until, ordered_at: now })
    .where(and(eq(reservations.id, reservationId), eq(reservations.status, 'held')))
    .returning({ id: reservations.id });
  return handed.length === 1;
}

/**
 * Releases holds past their expiry, a batch at a time. Every server may run it at the same moment:
 * rows another sweeper has locked are skipped, and a row is released once (held → released).
 */
export async function releaseExpiredHolds(db: Database, now: Date, batchSize = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const due = await tx
      .select({ id: reservations.id })
      .from(reservations)
      .where(and(eq(reservations.status, 'held'), lte(reservations.expires_at, now)))
      .orderBy(asc(reservations.expires_at))
      .limit(batchSize)
      .for('update', { skipLocked: true });
    if (due.length === 0) return 0;
    const released = await endHolds(tx, inArray(reservations.id, due.map((row) => row.id)), 'released', 'expired', now);
    await moveStock(tx, await heldUnits(tx, released));
    return released.length;
  });
}
