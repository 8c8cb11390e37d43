import { and, asc, eq, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/locks';
import { items, reservationLines, reservations, type ReservationStatus } from '../../db/schema';

/**
 * The steps that move stock, and the only code that writes items.quantity for checkout. Each is an
 * idempotent transition keyed by the reservation, beside its undo:
 *   holdStock      — takes the units of every line at once, or none (undo: releaseHold); the database
 *                    function ssd_hold_stock does the writing, in one round trip (migration 0017)
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

/** A reservation to hold: what the shopper is shown, priced on the server, in paise. */
export interface NewHold {
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  totals: { sellingPaise: number; originalPaise: number; gstPaise: number; deliveryChargePaise: number; platformFeePaise: number };
  lines: Array<{
    itemId: number;
    title: string;
    thumbnail: string;
    sellingPricePaise: number;
    originalPricePaise: number;
    quantity: number;
    gstRatePercent: number;
    gstPaise: number;
  }>;
}

/** SQLSTATE of ssd_hold_stock's "not enough units" (migration 0017); its DETAIL is {"item_id", "left"}. */
const STOCK_SHORT_SQLSTATE = 'SSD01';
const FOREIGN_KEY_VIOLATION = '23503';

/** The database's own error under the ORM's wrapping (drizzle puts the driver's error in `cause`). */
function databaseError(error: unknown): { code?: string; detail?: string } | null {
  for (let current: unknown = error; current && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    if (typeof (current as { code?: unknown }).code === 'string') return current as { code?: string; detail?: string };
  }
  return null;
}

/**
 * Holds every line of `hold` or none, releasing the shopper's previous held reservation that has no order
 * yet (its units come back in the same stock moves; one with an order is left to the order), and answers
 * the new reservation's id. Throws StockShortError when a product is short or gone.
 *
 * It is one call of the database function ssd_hold_stock (migration 0017): one round trip, in its own
 * transaction, so a popular product's row stays locked only while the database works and commits — not
 * while this process, busy with other requests, gets round to sending the next statement (decisions/0030).
 */
export async function holdStock(db: Database, hold: NewHold): Promise<string> {
  const lines = hold.lines.map((line) => ({
    item_id: line.itemId,
    title: line.title,
    thumbnail_image: line.thumbnail,
    selling_price_paise: line.sellingPricePaise,
    original_price_paise: line.originalPricePaise,
    quantity: line.quantity,
    gst_rate_percent: line.gstRatePercent,
    gst_amount_paise: line.gstPaise,
  }));
  const { totals } = hold;
  try {
    const result = await db.execute<{ id: string }>(sql`
      select ssd_hold_stock(${hold.userId}::uuid, ${hold.createdAt}::timestamptz, ${hold.expiresAt}::timestamptz,
        ${totals.sellingPaise}::int, ${totals.originalPaise}::int, ${totals.gstPaise}::int, ${totals.deliveryChargePaise}::int,
        ${totals.platformFeePaise}::int, ${JSON.stringify(lines)}::jsonb) as id`);
    return (result as unknown as { rows: Array<{ id: string }> }).rows[0]!.id;
  } catch (error) {
    const cause = databaseError(error);
    if (cause?.code === STOCK_SHORT_SQLSTATE) {
      const { item_id, left } = JSON.parse(cause.detail ?? '{}') as { item_id: number; left: number | null };
      throw new StockShortError(item_id, left);
    }
    // A product deleted between pricing and holding: its line cannot point at it.
    if (cause?.code === FOREIGN_KEY_VIOLATION) throw new StockShortError(0, null);
    throw error;
  }
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
