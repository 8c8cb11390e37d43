/**
 * The demo shopper's past orders, so a new visitor who signs in as them sees every order screen filled:
 * a delivered order (its items can be reviewed), a shipped one (sent to another state: IGST), one whose
 * payment failed and one cancelled at the payment step (both can be paid again). They are real rows made
 * the way the checkout makes them — a reservation with its lines (sold, or released), the order with
 * copies of the lines and amounts priced by the GST table, an invoice for each confirmed one — and stock
 * keeps its invariant: the catalogue's stock = items.quantity + held + sold reservation lines.
 */
import { eq, sql } from 'drizzle-orm';
import type { CustomerDetails } from '@ssd/shared/checkout';
import { priceLine, totalsOf } from '@ssd/shared/pricing';
import type { OrderStatus } from '@ssd/shared/status';
import type { Transaction } from '../db/locks';
import { addresses, gstRates, items, orderLines, orders, reservationLines, reservations } from '../db/schema';
import { splitGst } from '../modules/checkout/gst-split';
import { DEFAULT_CHECKOUT_SETTINGS } from '../modules/checkout/settings';
import { newOrderId } from '../modules/checkout/orders';
import { issueInvoice } from '../modules/invoices/numbering';
import { CATALOGS, type SeedProduct } from './catalogue';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** The demo shopper's address book: home (the default) and their parents' home in another state. */
export const DEMO_ADDRESSES = [
  { full_name: 'Demo Shopper', mobile: '9876543210', line1: '12 MG Road', line2: 'Near Trinity Circle', city: 'Bengaluru', state: 'Karnataka', pin_code: '560001', is_default: true },
  { full_name: 'Demo Shopper', mobile: '9876543210', line1: '7 Prabhat Road', line2: null, city: 'Pune', state: 'Maharashtra', pin_code: '411004', is_default: false },
] as const;

export type DemoOrderStatus = Extract<OrderStatus, 'delivered' | 'shipped' | 'failed' | 'cancelled'>;

interface DemoOrder {
  status: DemoOrderStatus;
  /** How long before the seed ran it was placed. */
  daysAgo: number;
  /** Index into DEMO_ADDRESSES. */
  address: number;
  /** Catalog and quantity of each line: the catalog's first product with ten or more in stock. */
  lines: ReadonlyArray<{ catalog: string; quantity: number }>;
  /** For a paid order: how long after it was placed its items reached their status. */
  statusAfterDays?: number;
}

export const DEMO_ORDERS: readonly DemoOrder[] = [
  { status: 'delivered', daysAgo: 24, address: 0, lines: [{ catalog: 'Sarees', quantity: 1 }, { catalog: 'Earrings', quantity: 2 }], statusAfterDays: 5 },
  { status: 'cancelled', daysAgo: 9, address: 0, lines: [{ catalog: 'Lehengas', quantity: 1 }] },
  { status: 'shipped', daysAgo: 3, address: 1, lines: [{ catalog: 'Suits', quantity: 1 }, { catalog: 'Bracelets', quantity: 1 }], statusAfterDays: 1 },
  { status: 'failed', daysAgo: 1, address: 0, lines: [{ catalog: 'Necklaces', quantity: 1 }] },
];

export interface DemoOrdersInput {
  userId: string;
  email: string;
  products: readonly SeedProduct[];
  /** The written rows of the products, by title. */
  itemRows: ReadonlyMap<string, { id: number; thumbnail: string }>;
  now: Date;
}

/** The products the demo orders are of: per catalog, the first with at least ten in stock (the same on every run). */
export function demoOrderProducts(products: readonly SeedProduct[]): Map<string, SeedProduct> {
  const chosen = new Map<string, SeedProduct>();
  for (const catalog of CATALOGS) {
    const product = products.find((p) => p.catalog === catalog.title && p.quantity >= 10);
    if (product) chosen.set(catalog.title, product);
  }
  return chosen;
}

/** Writes the demo shopper's address book and past orders; answers how many orders were written. */
export async function seedDemoOrders(tx: Transaction, input: DemoOrdersInput): Promise<number> {
  const { userId, email, now } = input;
  await tx.insert(addresses).values(DEMO_ADDRESSES.map((address) => ({ ...address, user_id: userId, created_on: now, updated_on: now })));

  const rules = (await tx.select().from(gstRates)).map((row) => ({ shop: row.shop, upToUnitPricePaise: row.up_to_unit_price_paise, ratePercent: row.rate_percent }));
  const byCatalog = demoOrderProducts(input.products);
  const hsnOf = new Map(CATALOGS.map((c) => [c.title, c.hsnCode]));
  const fees = DEFAULT_CHECKOUT_SETTINGS;

  for (const demo of DEMO_ORDERS) {
    const placedAt = new Date(now.getTime() - demo.daysAgo * DAY_MS);
    const reservedAt = new Date(placedAt.getTime() - 2 * MINUTE_MS);
    const endedAt = new Date(placedAt.getTime() + 3 * MINUTE_MS);
    const paid = demo.status === 'delivered' || demo.status === 'shipped';
    const lines = demo.lines.map(({ catalog, quantity }) => {
      const product = byCatalog.get(catalog);
      const row = product && input.itemRows.get(product.title);
      if (!product || !row) throw new Error(`the demo catalogue has no product in stock in ${catalog}`);
      const priced = {
        shop: product.shop,
        unitPricePaise: product.pricePaise,
        unitOriginalPricePaise: Math.max(product.marketPricePaise ?? product.pricePaise, product.pricePaise),
        quantity,
      };
      return { product, row, hsn: hsnOf.get(catalog) ?? null, ...priced, ...priceLine(rules, priced) };
    });
    const totals = totalsOf(lines, fees);
    const address = DEMO_ADDRESSES[demo.address]!;
    const split = splitGst(
      lines.map((line) => line.gstPaise),
      address.state,
      fees.sellerState,
    );
    const customer: CustomerDetails = {
      name: address.full_name,
      email,
      contact: address.mobile,
      address: { full_name: address.full_name, line1: address.line1, line2: address.line2, city: address.city, state: address.state, pin_code: address.pin_code },
    };

    const [reservation] = await tx
      .insert(reservations)
      .values({
        user_id: userId,
        status: paid ? 'sold' : 'released',
        release_reason: paid ? null : `order_${demo.status}`,
        created_at: reservedAt,
        expires_at: new Date(placedAt.getTime() + fees.orderPaymentMs + 5 * MINUTE_MS),
        ended_at: endedAt,
        ordered_at: placedAt,
        total_sp_paise: totals.sellingPaise,
        total_cp_paise: totals.originalPaise,
        gst_total_paise: totals.gstPaise,
        delivery_charge_paise: totals.deliveryChargePaise,
        platform_fee_paise: totals.platformFeePaise,
      })
      .returning({ id: reservations.id });
    const copies = lines.map((line) => ({
      item_id: line.row.id,
      title: line.product.title,
      thumbnail_image: line.row.thumbnail,
      selling_price_paise: line.unitPricePaise,
      original_price_paise: line.unitOriginalPricePaise,
      quantity: line.quantity,
      gst_rate_percent: line.ratePercent,
      gst_amount_paise: line.gstPaise,
    }));
    await tx.insert(reservationLines).values(copies.map((copy) => ({ ...copy, reservation_id: reservation!.id })));

    const orderId = newOrderId();
    const itemsChangedAt = paid ? new Date(placedAt.getTime() + (demo.statusAfterDays ?? 0) * DAY_MS) : endedAt;
    await tx.insert(orders).values({
      id: orderId,
      user_id: userId,
      reservation_id: reservation!.id,
      status: demo.status,
      payment_status: paid ? 'success' : demo.status === 'failed' ? 'failed' : 'pending',
      payment_id: paid ? `pay_Demo${orderId.slice(4)}` : null,
      total_sp_paise: totals.sellingPaise,
      total_cp_paise: totals.originalPaise,
      gst_total_paise: totals.gstPaise,
      cgst_paise: split.cgstPaise,
      sgst_paise: split.sgstPaise,
      igst_paise: split.igstPaise,
      delivery_charge_paise: totals.deliveryChargePaise,
      platform_fee_paise: totals.platformFeePaise,
      amount_paise: totals.payablePaise,
      amount_paid_paise: paid ? totals.payablePaise : 0,
      customer_details: JSON.stringify(customer),
      created_at: placedAt,
      expires_at: new Date(placedAt.getTime() + fees.orderPaymentMs),
      paid_at: paid ? endedAt : null,
      updated_at: itemsChangedAt,
    });
    await tx.insert(orderLines).values(
      copies.map((copy, i) => ({ ...copy, order_id: orderId, hsn_code: lines[i]!.hsn, item_status: demo.status, item_updated_at: itemsChangedAt })),
    );
    if (paid) {
      // Sold units left the stock for good; released ones came back.
      for (const line of lines) {
        await tx.update(items).set({ quantity: sql`${items.quantity} - ${line.quantity}` }).where(eq(items.id, line.row.id));
      }
      await issueInvoice(tx, orderId, endedAt);
    }
  }
  return DEMO_ORDERS.length;
}
