import { eq } from 'drizzle-orm';
import { CHECKOUT_MESSAGES, type Reservation, type ReserveRequest } from '@ssd/shared/checkout';
import { paiseToRupees } from '@ssd/shared/money';
import { priceLine, totalsOf, type GstRule } from '@ssd/shared/pricing';
import type { Database } from '../../db/client';
import { gstRates, reservations } from '../../db/schema';
import { fail } from '../../lib/envelope';
import type { CheckoutSettings } from './settings';
import type { ProductReads } from './product-reads';
import { holdStock, releaseHold, StockShortError } from './stock-holds';

export interface CheckoutContext {
  db: Database;
  settings: CheckoutSettings;
  now: () => Date;
  /** The GST table (cachedGstRules). */
  gstRules: () => Promise<GstRule[]>;
  /** The products lines are priced from, kept until the catalogue changes (./product-reads.ts). */
  products: ProductReads;
}

/** How long a server keeps the GST table in memory: a rate staff change applies to checkouts within a minute. */
export const GST_RULES_KEPT_MS = 60_000;

/** The GST table, read at most once a minute (every reservation prices its lines with it). */
export function cachedGstRules(db: Database, now: () => Date, keptMs = GST_RULES_KEPT_MS): () => Promise<GstRule[]> {
  let kept: { rules: Promise<GstRule[]>; at: number } | null = null;
  return () => {
    const at = now().getTime();
    if (!kept || at - kept.at >= keptMs) {
      const rules = db
        .select()
        .from(gstRates)
        .then((rows) => rows.map((row) => ({ shop: row.shop, upToUnitPricePaise: row.up_to_unit_price_paise, ratePercent: row.rate_percent })));
      kept = { rules, at };
      // A failed read is not kept.
      rules.catch(() => {
        if (kept?.rules === rules) kept = null;
      });
    }
    return kept.rules;
  };
}

/**
 * POST /api/order/reserve: prices the lines from the catalogue as it is now, holds every line's units
 * or none, and answers the reservation. A shopper's previous held reservation is released by it.
 */
export async function reserve(ctx: CheckoutContext, userId: string, request: ReserveRequest): Promise<Reservation> {
  const now = ctx.now();
  const ids = request.items.map((line) => line.item_id);
  const products = await ctx.products.read(ids);
  const byId = new Map(products.map((product) => [product.id, product]));
  if (byId.size !== ids.length) throw fail.conflict(CHECKOUT_MESSAGES.productGone);

  const rules = await ctx.gstRules();
  const lines = request.items.map((line) => {
    const product = byId.get(line.item_id)!;
    const input = {
      shop: product.shop,
      unitPricePaise: product.price,
      unitOriginalPricePaise: Math.max(product.marketPrice ?? product.price, product.price),
      quantity: line.quantity,
    };
    return { product, ...input, ...priceLine(rules, input) };
  });
  const totals = totalsOf(lines, ctx.settings);
  const expiresAt = new Date(now.getTime() + ctx.settings.holdMs);

  try {
    const reservationId = await holdStock(ctx.db, {
      userId,
      createdAt: now,
      expiresAt,
      totals,
      lines: lines.map((line) => ({
        itemId: line.product.id,
        title: line.product.title,
        thumbnail: line.product.thumbnail,
        sellingPricePaise: line.unitPricePaise,
        originalPricePaise: line.unitOriginalPricePaise,
        quantity: line.quantity,
        gstRatePercent: line.ratePercent,
        gstPaise: line.gstPaise,
      })),
    });
    return {
      reservation_id: reservationId,
      items: lines.map((line) => ({
        id: line.product.id,
        title: line.product.title,
        thumbnail_image: line.product.thumbnail,
        selling_price: paiseToRupees(line.unitPricePaise),
        original_price: paiseToRupees(line.unitOriginalPricePaise),
        quantity: line.quantity,
        applied_gst_rate: line.ratePercent,
        gst_amount: paiseToRupees(line.gstPaise),
      })),
      total_sp: paiseToRupees(totals.sellingPaise),
      total_cp: paiseToRupees(totals.originalPaise),
      platform_fee: paiseToRupees(totals.platformFeePaise),
      gst_total: paiseToRupees(totals.gstPaise),
      delivery_charge: paiseToRupees(totals.deliveryChargePaise),
      payable_amount: paiseToRupees(totals.payablePaise),
      reservation_created_at: now.toISOString(),
      reservation_expiry: expiresAt.toISOString(),
    };
  } catch (error) {
    if (!(error instanceof StockShortError)) throw error;
    const title = byId.get(error.itemId)?.title;
    if (error.left === null || !title) throw fail.conflict(CHECKOUT_MESSAGES.productGone);
    throw fail.conflict(error.left === 0 ? CHECKOUT_MESSAGES.outOfStock(title) : CHECKOUT_MESSAGES.notEnoughStock(title, error.left));
  }
}

/** PATCH /api/order/reserve/status: the shopper lets their own hold go; a second call changes nothing. */
export async function releaseReservation(ctx: CheckoutContext, userId: string, id: string, reason: 'expired' | 'cancelled'): Promise<void> {
  const [owned] = await ctx.db.select({ user_id: reservations.user_id }).from(reservations).where(eq(reservations.id, id));
  if (!owned || owned.user_id !== userId) throw fail.notFound(CHECKOUT_MESSAGES.reservationNotFound);
  await releaseHold(ctx.db, id, reason, ctx.now());
}
