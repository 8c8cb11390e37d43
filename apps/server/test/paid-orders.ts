/**
 * A store with real orders for the invoice and order-mail tests: the whole app on a fresh database,
 * the built-in sandbox listening on 127.0.0.1 as the payment provider, shoppers with addresses who
 * reserve, place and pay orders through the API, as checkout-orders.test.ts does. The app's clock is
 * one the tests set (financial years turn at a moment of their choosing).
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { catalogs, items, orders, shops } from '../src/db/schema';
import { createUserWithToken, freshDatabase, TEST_DATABASE_URL, TEST_JWT_SECRET } from './helper';
import { startSandboxPeer, type SandboxPeer } from './sandbox-peer';

/** A clock the tests set to any moment (and move). */
export class SettableClock {
  constructor(private at = Date.now()) {}
  readonly now = (): Date => new Date(this.at);
  set(iso: string): void {
    this.at = Date.parse(iso);
  }
  advance(ms: number): void {
    this.at += ms;
  }
}

export const BENGALURU = { full_name: 'Asha Rao', mobile: '98765 43210', line1: '12 MG Road', city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' };
export const MUMBAI = { full_name: 'Ravi Iyer', mobile: '91234 56789', line1: '4 Marine Drive', line2: 'Flat 7', city: 'Mumbai', state: 'Maharashtra', pin_code: '400002' };

/** What app.inject answers. */
type InjectResponse = Awaited<ReturnType<FastifyInstance['inject']>>;

export interface Shopper {
  id: string;
  email: string;
  token: string;
  call(method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: object): Promise<InjectResponse>;
  /** Reserves and places an order of `lines` (item id, quantity); answers our order id and the provider's. */
  placeOrder(lines: Array<[number, number]>): Promise<{ orderId: string; providerOrderId: string }>;
}

export interface Shop {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  peer: SandboxPeer;
  clock: SettableClock;
  /** Provider orders whose webhooks the sandbox keeps back (as a lost webhook). */
  heldOrders: Set<string>;
  shopper(address?: Record<string, unknown>, options?: { role?: 'user' | 'ssd_admin' }): Promise<Shopper>;
  /** A product of the Sarees catalog (HSN 5007 here) or, with shop 'jewel', of Necklaces (HSN 7113). */
  createItem(options?: { quantity?: number; pricePaise?: number; marketPricePaise?: number | null; shop?: 'fabrics' | 'jewel'; title?: string }): Promise<{ id: number; title: string }>;
  /** Presses Success in the sandbox's checkout and waits until the order is confirmed. */
  pay(order: { orderId: string; providerOrderId: string }): Promise<void>;
  close(): Promise<void>;
}

export async function openShop(overrides: Partial<AppOptions> = {}, clock = new SettableClock()): Promise<Shop> {
  const database = await freshDatabase();
  const heldOrders = new Set<string>();
  // The sandbox delivers webhooks to the app, which is built with the sandbox as its provider.
  const receiver: { app?: FastifyInstance } = {};
  const peer = await startSandboxPeer(database.db, {
    deliverWebhook: async (rawBody, headers) => {
      const res = await receiver.app!.inject({ method: 'POST', url: '/api/payment/webhook', payload: rawBody, headers });
      return { statusCode: res.statusCode };
    },
    webhooks: (event) => (heldOrders.has(event.payload.payment.entity.order_id) ? 'hold' : 'deliver'),
    webhookRetryDelaysMs: [20, 50],
  });
  const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webDistDir: null, logLevel: 'silent', now: clock.now, payments: peer.provider, ...overrides });
  await app.ready();
  receiver.app = app;
  const db = database.db;
  await db.insert(shops).values([
    { value: 'fabrics', title: 'Fabrics' },
    { value: 'jewel', title: 'Jewel' },
  ]);
  await db.insert(catalogs).values([
    { title: 'Sarees', image: 'img', hsn_code: '5007' },
    { title: 'Necklaces', image: 'img', hsn_code: '7113' },
  ]);

  const shop: Shop = {
    app: app,
    db,
    database,
    peer,
    clock,
    heldOrders,
    async shopper(address = BENGALURU, options = {}) {
      const user = await createUserWithToken({ app: app, db, database, close: async () => {} }, { role: options.role ?? 'user' });
      const call: Shopper['call'] = (method, url, payload) =>
        app.inject({ method, url, headers: { authorization: `Bearer ${user.token}` }, ...(payload ? { payload } : {}) });
      const added = await call('POST', '/api/user/addresses', address);
      expect(added.statusCode, added.body).toBe(200);
      return {
        ...user,
        call,
        async placeOrder(lines) {
          const reserved = await call('POST', '/api/order/reserve', { items: lines.map(([item_id, quantity]) => ({ item_id, quantity })) });
          expect(reserved.statusCode, reserved.body).toBe(200);
          const created = await call('POST', '/api/order/create', { reservation_id: reserved.json().data.reservation_id });
          expect(created.statusCode, created.body).toBe(200);
          return { orderId: created.json().data.order_id as string, providerOrderId: created.json().data.id as string };
        },
      };
    },
    async createItem({ quantity = 10, pricePaise = 129_900, marketPricePaise = null, shop: kind = 'fabrics', title } = {}) {
      const [row] = await db
        .insert(items)
        .values({
          title: title ?? `${kind === 'jewel' ? 'Necklace' : 'Saree'} ${Math.random().toString(36).slice(2, 8)}`,
          shop: kind,
          catalog: kind === 'jewel' ? 'Necklaces' : 'Sarees',
          price_paise: pricePaise,
          market_price_paise: marketPricePaise,
          thumbnail_image: 'thumb',
          quantity,
        })
        .returning({ id: items.id, title: items.title });
      return row!;
    },
    async pay(order) {
      const paid = await peer.pay(order.providerOrderId, 'success');
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      // The webhooks arrive on their own; the order is read until it is confirmed (5 s at most).
      let status = '';
      for (let i = 0; i < 250 && status !== 'confirmed'; i++) {
        const [row] = await db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.orderId));
        status = row?.status ?? '';
        if (status !== 'confirmed') await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(status).toBe('confirmed');
    },
    async close() {
      await app.close();
      await peer.close();
      await database.close();
    },
  };
  return shop;
}

/**
 * What a second server would use: on PostgreSQL its own connection pool on the shop's database (close
 * it after use); on PGlite, which has one connection, the shop's own handle (null to close).
 */
export async function secondServerDatabase(shop: Shop): Promise<{ db: Database; close(): Promise<void> }> {
  if (shop.database.kind !== 'postgres' || !TEST_DATABASE_URL) return { db: shop.db, close: async () => {} };
  const result = await shop.db.execute(sql`select current_database() as name`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${(result as unknown as { rows: Array<{ name: string }> }).rows[0]!.name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return { db: handle.db, close: () => handle.close() };
}
