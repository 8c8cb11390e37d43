import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { OrderStatus, PaymentStatus } from '@ssd/shared/status';
import { catalogs, items, orderLines, orders, reservations, shops, users } from '../src/db/schema';
import { newOrderId } from '../src/modules/checkout/orders';
import { createUserWithToken, type TestApp } from './helper';

/**
 * Data setup for the tests of the calls after the purchase: products, shoppers, and orders in any
 * status. Orders are inserted as rows (with the reservation every order needs) where a test needs a
 * status the checkout can't reach by itself (delivered, returned…); orders-history.test.ts also makes
 * one through the real checkout and a sandbox payment.
 */

export async function addShopAndCatalog(t: TestApp): Promise<void> {
  await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' }).onConflictDoNothing();
  await t.db.insert(catalogs).values({ title: 'Sarees', image: 'img' }).onConflictDoNothing();
}

export async function createItem(
  t: TestApp,
  { quantity = 10, price = 129_900, marketPrice = null, title = `Saree ${randomBytes(3).toString('hex')}` }: { quantity?: number; price?: number; marketPrice?: number | null; title?: string } = {},
) {
  const [row] = await t.db
    .insert(items)
    .values({ title, shop: 'fabrics', catalog: 'Sarees', price_paise: price, market_price_paise: marketPrice, thumbnail_image: `thumb-${title}`, quantity })
    .returning({ id: items.id, title: items.title, thumbnail_image: items.thumbnail_image });
  return row!;
}
export type TestItem = Awaited<ReturnType<typeof createItem>>;

export interface Shopper {
  id: string;
  token: string;
  email: string;
  call(method: InjectOptions['method'], url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function createShopper(t: TestApp, name?: string): Promise<Shopper> {
  const user = await createUserWithToken(t);
  if (name !== undefined) await t.db.update(users).set({ name }).where(eq(users.id, user.id));
  return {
    id: user.id,
    token: user.token,
    email: user.email,
    call: (method, url, payload) => t.app.inject({ method, url, headers: { authorization: `Bearer ${user.token}` }, ...(payload ? { payload } : {}) }),
  };
}

export interface LineSpec {
  item: TestItem;
  status?: OrderStatus;
  quantity?: number;
  /** Paise; default 1,299.00 selling and 1,499.00 original. */
  selling?: number;
  original?: number;
}

export const CUSTOMER = {
  name: 'Asha Rao',
  email: 'asha@example.com',
  contact: '9876543210',
  address: { full_name: 'Asha Rao', line1: '12 MG Road', line2: null, city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' },
};

/**
 * An order of `userId` as the checkout and later staff work would leave it: its lines take the order's
 * status unless a line says otherwise. Amounts: lines at 5% GST, ₹9 platform fee, free delivery.
 */
export async function insertOrder(
  t: TestApp,
  userId: string,
  { status = 'confirmed', lines, placedAt = new Date(), paymentStatus }: { status?: OrderStatus; lines: LineSpec[]; placedAt?: Date; paymentStatus?: PaymentStatus },
): Promise<string> {
  const priced = lines.map((line) => {
    const quantity = line.quantity ?? 1;
    const selling = line.selling ?? 129_900;
    return { ...line, quantity, selling, original: line.original ?? 149_900, gst: Math.round(selling * quantity * 0.05) };
  });
  const totalSp = priced.reduce((sum, line) => sum + line.selling * line.quantity, 0);
  const gst = priced.reduce((sum, line) => sum + line.gst, 0);
  const paid = paymentStatus ?? (['pending', 'failed', 'expired', 'cancelled'].includes(status) ? (status === 'failed' ? 'failed' : 'pending') : 'success');
  const amount = totalSp + gst + 900;
  const [reservation] = await t.db
    .insert(reservations)
    .values({
      user_id: userId,
      status: paid === 'success' ? 'sold' : 'released',
      created_at: placedAt,
      expires_at: placedAt,
      ordered_at: placedAt,
      total_sp_paise: totalSp,
      total_cp_paise: totalSp,
      gst_total_paise: gst,
      delivery_charge_paise: 0,
      platform_fee_paise: 900,
    })
    .returning({ id: reservations.id });
  const id = newOrderId();
  await t.db.insert(orders).values({
    id,
    user_id: userId,
    reservation_id: reservation!.id,
    status,
    payment_status: paid,
    provider_order_id: `order_${randomBytes(7).toString('hex')}`,
    payment_id: paid === 'success' ? `pay_${randomBytes(7).toString('hex')}` : null,
    total_sp_paise: totalSp,
    total_cp_paise: totalSp,
    gst_total_paise: gst,
    cgst_paise: Math.floor(gst / 2),
    sgst_paise: gst - Math.floor(gst / 2),
    igst_paise: 0,
    delivery_charge_paise: 0,
    platform_fee_paise: 900,
    amount_paise: amount,
    amount_paid_paise: paid === 'success' ? amount : 0,
    customer_details: JSON.stringify(CUSTOMER),
    created_at: placedAt,
    expires_at: placedAt,
    paid_at: paid === 'success' ? placedAt : null,
    updated_at: placedAt,
  });
  await t.db.insert(orderLines).values(
    priced.map((line) => ({
      order_id: id,
      item_id: line.item.id,
      title: line.item.title,
      thumbnail_image: line.item.thumbnail_image,
      selling_price_paise: line.selling,
      original_price_paise: line.original,
      quantity: line.quantity,
      gst_rate_percent: 5,
      gst_amount_paise: line.gst,
      item_status: line.status ?? status,
      item_updated_at: placedAt,
    })),
  );
  return id;
}

/** An order id of the right shape that no order has. */
export const MISSING_ORDER_ID = 'SSD-ZZZZZZZZZZ';
