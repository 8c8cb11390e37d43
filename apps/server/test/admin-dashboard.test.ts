import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../src/db/schema';
import { lastIndiaDays } from '../src/modules/admin/dashboard/numbers';
import { addShopAndCatalog, createItem, createShopper, insertOrder } from './orders-fixtures';
import { buildTestApp, createUserWithToken, type TestApp } from './helper';

/** The dashboard's numbers from known orders (docs/decisions/0033). */

let t: TestApp;
const DAY = 24 * 60 * 60 * 1000;
const indiaDay = (at: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata' }).format(at);

beforeAll(async () => {
  t = await buildTestApp();
  await addShopAndCatalog(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('lastIndiaDays', () => {
  it('is the 30 India days ending today, across a month end, in India time', () => {
    // 19:00 UTC on 1 Mar is already 2 Mar in India (UTC+5:30).
    const days = lastIndiaDays(new Date('2024-03-01T19:00:00Z'));
    expect(days).toHaveLength(30);
    expect(days.at(-1)).toBe('2024-03-02');
    expect(days[0]).toBe('2024-02-02');
    expect(days.slice(26)).toEqual(['2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02']);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('answers 401 to a visitor and 403 to a shopper', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/dashboard' })).statusCode).toBe(401);
    expect((await (await createShopper(t)).call('GET', '/api/admin/dashboard')).statusCode).toBe(403);
  });

  it('sums revenue per India day, counts orders by status, ranks products and lists low stock', async () => {
    const buyer = await createShopper(t);
    const now = new Date();
    const threeDaysAgo = new Date(now.getTime() - 3 * DAY);
    const [saree, shawl, stole] = [await createItem(t, { title: 'Saree A', quantity: 9 }), await createItem(t, { title: 'Shawl B', quantity: 10 }), await createItem(t, { title: 'Stole C' })];
    const archived = await createItem(t, { title: 'Gone', quantity: 1 });
    await t.db.update(items).set({ archived_at: now }).where(eq(items.id, archived.id));

    // Today: 2 sarees at 1,299 and a cancelled stole → paid 2,598 + 5% GST 129.90 + 9 fee (the fixture's sums).
    await insertOrder(t, buyer.id, { status: 'confirmed', lines: [{ item: saree, quantity: 2 }, { item: stole, status: 'cancelled', selling: 10_000 }], placedAt: now });
    // Three days ago: one shawl at 500 (delivered) and one saree refunded after a return.
    await insertOrder(t, buyer.id, { status: 'delivered', lines: [{ item: shawl, selling: 50_000 }, { item: saree, status: 'refund_done' }], placedAt: threeDaysAgo });
    // 40 days ago: outside the window. A pending order: never paid.
    await insertOrder(t, buyer.id, { status: 'shipped', lines: [{ item: stole, quantity: 5 }], placedAt: new Date(now.getTime() - 40 * DAY) });
    await insertOrder(t, buyer.id, { status: 'pending', lines: [{ item: stole }], placedAt: now });

    const staff = await createUserWithToken(t, { role: 'ssd_admin' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { authorization: `Bearer ${staff.token}` } });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;

    expect(data.revenue_by_day).toHaveLength(30);
    expect(data.revenue_by_day.at(-1)).toEqual({ day: indiaDay(now), revenue: (259_800 + 10_000 + Math.round(269_800 * 0.05) + 900) / 100, orders: 1 });
    const earlier = data.revenue_by_day.find((d: { day: string }) => d.day === indiaDay(threeDaysAgo));
    expect(earlier).toEqual({ day: indiaDay(threeDaysAgo), revenue: (50_000 + 129_900 + Math.round(50_000 * 0.05) + Math.round(129_900 * 0.05) + 900) / 100, orders: 1 });
    expect(data.revenue_by_day.filter((d: { revenue: number }) => d.revenue > 0)).toHaveLength(2);

    expect(data.orders_by_status).toEqual([
      { status: 'confirmed', count: 1 },
      { status: 'delivered', count: 1 },
      { status: 'shipped', count: 1 },
    ]);
    expect(data.top_products).toEqual([
      { item_id: saree.id, title: 'Saree A', units: 2, revenue: 2598 },
      { item_id: shawl.id, title: 'Shawl B', units: 1, revenue: 500 },
    ]);
    expect(data.low_stock).toEqual([{ item_id: saree.id, title: 'Saree A', catalog: 'Sarees', quantity: 9 }]);
  });
});
