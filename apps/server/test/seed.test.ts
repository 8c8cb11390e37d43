import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../src/db/client';
import {
  addresses,
  banners,
  catalogs,
  files,
  invoiceCounters,
  invoices,
  itemImages,
  itemReviews,
  items,
  orderLines,
  orders,
  reservationLines,
  reservations,
  sales,
  shops,
  users,
} from '../src/db/schema';
import { verifyPassword } from '../src/modules/auth/passwords';
import { listActiveSales } from '../src/modules/sales/service';
import { buildCatalogue, CATALOGS, FESTIVE_SALE, TAG_VOCABULARY } from '../src/seed/catalogue';
import { DEMO_ACCOUNTS, seedIfEmpty, type SeedSummary } from '../src/seed/seed';
import { REVIEWERS } from '../src/seed/reviews';
import { freshDatabase, TEST_DATABASE_URL } from './helper';

const DAY = 24 * 60 * 60 * 1000;
const decoder = new TextDecoder();

async function tableCounts(db: Database) {
  const n = async (table: PgTable) => {
    const [row] = await db.select({ n: count() }).from(table);
    return row?.n ?? 0;
  };
  return {
    items: await n(items),
    itemImages: await n(itemImages),
    files: await n(files),
    catalogs: await n(catalogs),
    shops: await n(shops),
    banners: await n(banners),
    sales: await n(sales),
    users: await n(users),
    reviews: await n(itemReviews),
  };
}

/** What must be the same on every run: everything but ids and timestamps. */
async function catalogueFingerprint(db: Database) {
  const rows = await db
    .select({
      title: items.title,
      shop: items.shop,
      catalog: items.catalog,
      price: items.price_paise,
      market: items.market_price_paise,
      quantity: items.quantity,
      tags: items.tags,
      description: items.description,
      rating: items.rating,
      thumbnail: files.data,
    })
    .from(items)
    .innerJoin(files, sql`${files.id}::text = ${items.thumbnail_image}`)
    .orderBy(asc(items.id));
  const reviews = await db
    .select({ title: items.title, reviewer: users.name, rating: itemReviews.rating, review: itemReviews.review })
    .from(itemReviews)
    .innerJoin(items, eq(items.id, itemReviews.item_id))
    .innerJoin(users, eq(users.id, itemReviews.user_id))
    .orderBy(asc(itemReviews.id));
  return { items: rows.map((row) => ({ ...row, thumbnail: decoder.decode(row.thumbnail) })), reviews };
}

describe(`demo seed (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let handle: DatabaseHandle;
  let db: Database;
  let summary: SeedSummary | null;
  const now = new Date();

  beforeAll(async () => {
    handle = await freshDatabase();
    db = handle.db;
    summary = await seedIfEmpty(db, { now });
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('reports what it wrote, and what it wrote is in the database', async () => {
    expect(summary).not.toBeNull();
    const counts = await tableCounts(db);
    expect(summary).toMatchObject(counts);
    expect(counts.items).toBeGreaterThanOrEqual(80);
    expect(counts.catalogs).toBe(6);
    expect(counts.shops).toBe(2);
    expect(counts.sales).toBe(1);
    expect(counts.users).toBe(DEMO_ACCOUNTS.length + REVIEWERS.length);
    console.info(`seed on ${handle.kind}: ${summary?.ms} ms for ${counts.items} items and ${counts.files} files`);
    expect(summary?.ms).toBeLessThan(10_000);
  });

  it('leaves the planner statistics of what it wrote (PGlite gathers none by itself, decisions/0089)', async () => {
    const result = (await db.execute(
      sql`select reltuples::int as rows, (select count(*)::int from pg_stats where schemaname = 'public' and tablename = 'items') as columns from pg_class where oid = 'public.items'::regclass`,
    )) as unknown as { rows: Array<{ rows: number; columns: number }> };
    const [row] = result.rows;
    expect(row!.rows).toBe((await tableCounts(db)).items);
    expect(row!.columns).toBeGreaterThan(0);
  });

  it('uses both shops, with their titles', async () => {
    expect(await db.select().from(shops).orderBy(asc(shops.value))).toEqual([
      { value: 'fabrics', title: 'Fabrics' },
      { value: 'jewel', title: 'Jewel' },
    ]);
    const perShop = await db.select({ shop: items.shop, n: count() }).from(items).groupBy(items.shop).orderBy(asc(items.shop));
    expect(perShop.map((r) => r.shop)).toEqual(['fabrics', 'jewel']);
    for (const row of perShop) expect(row.n).toBeGreaterThanOrEqual(30);
  });

  it('has exactly six catalogs with pictures and priorities, and every item is in one of them, of the right shop', async () => {
    const rows = await db.select().from(catalogs).orderBy(asc(catalogs.id));
    expect(rows.map((r) => r.title)).toEqual(['Sarees', 'Suits', 'Lehengas', 'Necklaces', 'Earrings', 'Bracelets']);
    expect(new Set(rows.map((r) => r.priority)).size).toBe(6);
    const images = await db.select().from(files).where(inArray(sql`${files.id}::text`, rows.map((r) => r.image)));
    expect(images).toHaveLength(6);
    for (const image of images) {
      expect(image).toMatchObject({ type: 'image/svg+xml', width: 600, height: 600 });
      expect(decoder.decode(image.data)).toMatch(/^<svg [^>]*width="600" height="600" viewBox="[^"]+"/);
    }
    const shopOf = new Map(CATALOGS.map((c) => [c.title, c.shop]));
    const itemRows = await db.select({ catalog: items.catalog, shop: items.shop }).from(items);
    for (const item of itemRows) expect(shopOf.get(item.catalog)).toBe(item.shop);
    const perCatalog = new Map<string, number>();
    for (const item of itemRows) perCatalog.set(item.catalog, (perCatalog.get(item.catalog) ?? 0) + 1);
    for (const catalog of rows) expect(perCatalog.get(catalog.title)).toBeGreaterThanOrEqual(8);
  });

  it('gives every item 2 to 4 sorted pictures, stored SVG files with a size and its title, and a thumbnail', async () => {
    const itemRows = await db.select({ id: items.id, title: items.title, thumbnail: items.thumbnail_image }).from(items);
    const imageRows = await db.select().from(itemImages).orderBy(asc(itemImages.item_id), asc(itemImages.sort));
    const fileRows = await db.select().from(files);
    const fileById = new Map(fileRows.map((f) => [f.id, f]));
    for (const item of itemRows) {
      const own = imageRows.filter((row) => row.item_id === item.id);
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own.length).toBeLessThanOrEqual(4);
      expect(own.map((row) => row.sort)).toEqual(own.map((_, i) => i + 1));
      expect(fileById.has(item.thumbnail)).toBe(true);
      expect(own.map((row) => row.directus_files_id)).toContain(item.thumbnail);
      for (const row of own) {
        const file = fileById.get(row.directus_files_id);
        expect(file, `file of ${item.title}`).toBeDefined();
        if (!file) continue;
        const svg = decoder.decode(file.data);
        expect(file).toMatchObject({ type: 'image/svg+xml', width: 800, height: 1000, filesize: file.data.byteLength });
        expect(file.filename_download).toMatch(/^[a-z0-9-]+-[1-4]\.svg$/);
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="1000" viewBox="0 0 800 1000"/);
        expect(svg).toContain(`<title>${item.title.replace(/&/g, '&amp;')}</title>`);
        expect(svg.endsWith('</svg>')).toBe(true);
      }
    }
  });

  it('writes only self-contained, script-free and small SVGs', async () => {
    const fileRows = await db.select().from(files);
    let largest = 0;
    for (const file of fileRows) {
      const svg = decoder.decode(file.data);
      expect(svg.toLowerCase()).not.toContain('<script');
      expect(svg.toLowerCase()).not.toContain('<style');
      expect(svg).not.toMatch(/\son[a-z]+=/i); // no event handler attributes
      expect(svg).not.toContain('<image');
      expect(svg).not.toContain('<foreignObject');
      // References point inside the document only.
      for (const match of svg.matchAll(/href="([^"]*)"/g)) expect(match[1]).toMatch(/^#/);
      for (const match of svg.matchAll(/url\(([^)]*)\)/g)) expect(match[1]).toMatch(/^#/);
      // Every id a reference points at exists.
      const ids = new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
      for (const match of svg.matchAll(/(?:href="#|url\(#)([^")]+)/g)) expect(ids.has(match[1])).toBe(true);
      if (file.width === 800 && file.height === 1000) largest = Math.max(largest, file.filesize);
      expect(file.filesize).toBeLessThan(32 * 1024);
    }
    expect(largest).toBeLessThan(16 * 1024);
  });

  it('draws a different picture for every product', async () => {
    const rows = (await catalogueFingerprint(db)).items;
    const withoutTitles = rows.map((row) => row.thumbnail.replace(/<title>[^<]*<\/title>/, ''));
    expect(new Set(withoutTitles).size).toBe(rows.length);
  });

  it('keeps stock realistic: some sold out, some running low, most 10 to 60', async () => {
    const quantities = (await db.select({ q: items.quantity }).from(items)).map((r) => r.q);
    const soldOut = quantities.filter((q) => q === 0).length;
    const low = quantities.filter((q) => q >= 1 && q <= 9).length;
    const normal = quantities.filter((q) => q >= 10 && q <= 60).length;
    expect(soldOut).toBeGreaterThanOrEqual(3);
    expect(low).toBeGreaterThanOrEqual(3);
    expect(normal).toBeGreaterThanOrEqual(quantities.length * 0.7);
    expect(soldOut + low + normal).toBe(quantities.length);
  });

  it('tags about fifteen items trending, and uses tags from the vocabulary only', async () => {
    const rows = await db.select({ tags: items.tags, quantity: items.quantity }).from(items);
    const trending = rows.filter((r) => r.tags.includes('trending'));
    expect(trending.length).toBeGreaterThanOrEqual(12);
    expect(trending.length).toBeLessThanOrEqual(18);
    const vocabulary = new Set<string>(TAG_VOCABULARY);
    for (const row of rows) {
      expect(row.tags.length).toBeGreaterThan(0);
      for (const tag of row.tags) expect(vocabulary.has(tag), tag).toBe(true);
      expect(new Set(row.tags).size).toBe(row.tags.length);
    }
  });

  it("writes descriptions as 3 to 6 bullet points separated by '>', and size descriptions", async () => {
    const rows = await db.select({ description: items.description, size: items.size_description, catalog: items.catalog }).from(items);
    for (const row of rows) {
      const bullets = row.description.split('>');
      expect(bullets.length).toBeGreaterThanOrEqual(3);
      expect(bullets.length).toBeLessThanOrEqual(6);
      for (const bullet of bullets) expect(bullet.trim().length).toBeGreaterThan(5);
      expect(row.size).toBeTruthy();
    }
    const sareeSizes = rows.filter((r) => r.catalog === 'Sarees').map((r) => r.size);
    for (const size of sareeSizes) expect(size).toMatch(/^Saree length \d(\.\d)? m \+ \d(\.\d)? m unstitched blouse piece/);
    const bangles = rows.filter((r) => r.catalog === 'Bracelets').map((r) => r.size ?? '');
    expect(bangles.some((s) => s.includes('2.4, 2.6 and 2.8'))).toBe(true);
  });

  it('prices in whole paise, in realistic rupee ranges, with market prices mostly above', async () => {
    const rows = await db.select({ catalog: items.catalog, price: items.price_paise, market: items.market_price_paise }).from(items);
    const ranges: Record<string, [number, number]> = {
      Sarees: [1_500, 50_000],
      Suits: [1_000, 15_000],
      Lehengas: [4_000, 1_25_000],
      Necklaces: [500, 25_000],
      Earrings: [400, 6_000],
      Bracelets: [500, 8_000],
    };
    for (const row of rows) {
      expect(Number.isInteger(row.price)).toBe(true);
      expect(row.price).toBeGreaterThan(0);
      const [min, max] = ranges[row.catalog] ?? [0, 0];
      expect(row.price / 100).toBeGreaterThanOrEqual(min);
      expect(row.price / 100).toBeLessThanOrEqual(max);
      if (row.market !== null) {
        expect(Number.isInteger(row.market)).toBe(true);
        expect(row.market).toBeGreaterThanOrEqual(row.price);
      }
    }
    const higher = rows.filter((r) => r.market !== null && r.market > r.price).length;
    expect(higher).toBeGreaterThan(rows.length / 2);
    expect(rows.filter((r) => r.market === r.price).length).toBeGreaterThanOrEqual(3);
    expect(rows.filter((r) => r.market === null).length).toBeGreaterThanOrEqual(3);
    expect(Math.max(...rows.filter((r) => r.catalog === 'Lehengas').map((r) => r.price))).toBeGreaterThan(50_000_00);
  });

  it('spreads creation over the last ninety days', async () => {
    const rows = await db.select({ created: items.created_on }).from(items);
    const ages = rows.map((r) => (now.getTime() - r.created.getTime()) / DAY);
    expect(Math.min(...ages)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ages)).toBeLessThanOrEqual(90);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(60);
    expect(ages.filter((a) => a < 15).length).toBeGreaterThanOrEqual(5);
  });

  it('reviews 40 products 3 to 8 times each, from distinct reviewers, after the product was added, and rates exactly those', async () => {
    const reviews = await db
      .select({ item: itemReviews.item_id, user: itemReviews.user_id, rating: itemReviews.rating, review: itemReviews.review, at: itemReviews.created_at, order: itemReviews.order_id })
      .from(itemReviews);
    const itemRows = await db.select({ id: items.id, rating: items.rating, created: items.created_on }).from(items);
    const byItem = new Map<number, typeof reviews>();
    for (const review of reviews) byItem.set(review.item, [...(byItem.get(review.item) ?? []), review]);
    expect(byItem.size).toBe(40);
    for (const item of itemRows) {
      const own = byItem.get(item.id) ?? [];
      if (own.length === 0) {
        expect(item.rating).toBeNull();
        continue;
      }
      expect(own.length).toBeGreaterThanOrEqual(3);
      expect(own.length).toBeLessThanOrEqual(8);
      expect(new Set(own.map((r) => r.user)).size).toBe(own.length);
      const average = own.reduce((sum, r) => sum + r.rating, 0) / own.length;
      expect(item.rating).toBe(Math.round(average * 10) / 10);
      for (const review of own) {
        expect(review.rating).toBeGreaterThanOrEqual(1);
        expect(review.rating).toBeLessThanOrEqual(5);
        expect(review.order).toBeNull();
        expect(review.at.getTime()).toBeGreaterThan(item.created.getTime());
        expect(review.at.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    }
    const texts = reviews.map((r) => r.review);
    expect(texts.filter((t) => t === null).length).toBeGreaterThan(0);
    expect(texts.filter((t) => t !== null).length).toBeGreaterThan(reviews.length / 2);
    const ratings = itemRows.filter((r) => r.rating !== null).map((r) => r.rating as number);
    expect(Math.min(...ratings)).toBeGreaterThanOrEqual(2.5);
    expect(Math.max(...ratings)).toBeLessThanOrEqual(5);
  });

  it('writes reviewer accounts that cannot sign in, one without a name', async () => {
    const rows = await db.select().from(users).where(inArray(users.email, REVIEWERS.map((r) => r.email)));
    expect(rows).toHaveLength(REVIEWERS.length);
    for (const row of rows) expect(row).toMatchObject({ password_hash: null, role: 'user' });
    expect(rows.filter((r) => r.name === '')).toHaveLength(1);
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['Priya S.', 'Anjali Mehta']));
  });

  it('runs one sale that has started and ends in the future, with its pictures and at least 12 discounted items', async () => {
    const [sale] = await db.select().from(sales);
    expect(sale).toMatchObject({ sale_name: 'Festive Sale', tag_name: FESTIVE_SALE.tag_name });
    expect(sale!.active_from.getTime()).toBeLessThan(now.getTime());
    expect(sale!.active_till.getTime()).toBeGreaterThan(now.getTime() + 29 * DAY);
    const active = await listActiveSales(db);
    expect(active.map((s) => s.tag_name)).toEqual([FESTIVE_SALE.tag_name]);
    const pictures = [sale!.banner_image, sale!.banner_image_mobile, sale!.banner_image_laptop];
    const found = await db.select({ id: files.id, width: files.width, height: files.height }).from(files).where(inArray(sql`${files.id}::text`, pictures.map(String)));
    expect(found).toHaveLength(3);
    const onSale = (await db.select({ tags: items.tags, price: items.price_paise, market: items.market_price_paise, quantity: items.quantity }).from(items)).filter((r) =>
      r.tags.includes(FESTIVE_SALE.tag_name),
    );
    expect(onSale.length).toBeGreaterThanOrEqual(12);
    for (const item of onSale) {
      expect(item.market).not.toBeNull();
      expect(item.market!).toBeGreaterThan(item.price);
      expect(item.quantity).toBeGreaterThan(0);
    }
  });

  it('has at least four active banners with mobile and laptop pictures, and an inactive one', async () => {
    const rows = await db.select().from(banners).orderBy(asc(banners.banner_id));
    const active = rows.filter((b) => b.isactive);
    expect(active.length).toBeGreaterThanOrEqual(4);
    expect(rows.some((b) => !b.isactive)).toBe(true);
    expect(rows.some((b) => b.link === null)).toBe(true);
    for (const banner of rows) {
      expect(banner.title.length).toBeGreaterThan(3);
      const [laptop] = await db.select().from(files).where(eq(sql`${files.id}::text`, banner.banner_image_laptop ?? ''));
      const [mobile] = await db.select().from(files).where(eq(sql`${files.id}::text`, banner.banner_image_mobile ?? ''));
      const [base] = await db.select().from(files).where(eq(sql`${files.id}::text`, banner.banner_image));
      expect(laptop).toMatchObject({ width: 1600, height: 600, type: 'image/svg+xml' });
      expect(mobile).toMatchObject({ width: 800, height: 800, type: 'image/svg+xml' });
      expect(base).toMatchObject({ type: 'image/svg+xml' });
      const svg = decoder.decode(laptop!.data);
      // No words in the picture: the storefront lays the title over it as text (issue 12, item 1).
      expect(svg).not.toContain('<text');
      expect(svg).toContain(`<title>${banner.title.replace(/&/g, '&amp;')}</title>`);
    }
  });

  it('creates the demo accounts with their roles and argon2id passwords', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const [user] = await db.select().from(users).where(eq(users.email, account.email));
      expect(user).toMatchObject({ name: account.name, role: account.role, auth_provider: 'local' });
      const [, algorithm, version, params] = (user!.password_hash ?? '').split('$');
      expect([algorithm, version]).toEqual(['argon2id', 'v=19']);
      expect(new Set(params?.split(','))).toEqual(new Set(['m=19456', 't=2', 'p=1']));
      expect(await verifyPassword(user!.password_hash, account.password)).toBe(true);
      expect(await verifyPassword(user!.password_hash, `${account.password}x`)).toBe(false);
    }
    expect(DEMO_ACCOUNTS.map((a) => [a.email, a.password, a.role])).toEqual([
      ['shopper@example.com', 'shopper1234', 'user'],
      ['admin@example.com', 'admin1234', 'ssd_admin'],
    ]);
  });

  it("gives the demo shopper an address book and past orders: delivered (reviewable), shipped, payment failed and cancelled (both retryable)", async () => {
    expect(summary?.orders).toBe(4);
    const [shopper] = await db.select().from(users).where(eq(users.email, 'shopper@example.com'));
    const book = await db.select().from(addresses).where(eq(addresses.user_id, shopper!.id)).orderBy(asc(addresses.id));
    expect(book.map((a) => [a.city, a.state, a.is_default])).toEqual([
      ['Bengaluru', 'Karnataka', true],
      ['Pune', 'Maharashtra', false],
    ]);

    const history = await db.select().from(orders).where(eq(orders.user_id, shopper!.id)).orderBy(asc(orders.created_at));
    expect(history.map((o) => [o.status, o.payment_status])).toEqual([
      ['delivered', 'success'],
      ['cancelled', 'pending'],
      ['shipped', 'success'],
      ['failed', 'failed'],
    ]);
    for (const order of history) {
      expect(order.id).toMatch(/^SSD-[A-Z2-9]{10}$/);
      expect(order.created_at.getTime()).toBeLessThan(now.getTime());
      const lines = await db.select().from(orderLines).where(eq(orderLines.order_id, order.id));
      expect(lines.length).toBeGreaterThan(0);
      // Amounts as the checkout computes them: payable = selling total + delivery + platform fee + GST.
      expect(order.total_sp_paise).toBe(lines.reduce((sum, l) => sum + l.selling_price_paise * l.quantity, 0));
      expect(order.gst_total_paise).toBe(lines.reduce((sum, l) => sum + l.gst_amount_paise, 0));
      expect(order.cgst_paise + order.sgst_paise + order.igst_paise).toBe(order.gst_total_paise);
      expect(order.amount_paise).toBe(order.total_sp_paise + order.delivery_charge_paise + order.platform_fee_paise + order.gst_total_paise);
      expect(order.platform_fee_paise).toBe(900);
      for (const line of lines) {
        expect(line.item_status).toBe(order.status);
        expect(line.item_id).not.toBeNull();
        // The HSN code of the product's catalog, as configured beside the GST table.
        const [product] = await db.select({ catalog: items.catalog }).from(items).where(eq(items.id, line.item_id!));
        const [catalog] = await db.select({ hsn: catalogs.hsn_code }).from(catalogs).where(eq(catalogs.title, product!.catalog));
        expect(line.hsn_code).toBe(catalog!.hsn);
        expect(line.hsn_code).toBe(CATALOGS.find((c) => c.title === product!.catalog)?.hsnCode);
      }
      const [hold] = await db.select().from(reservations).where(eq(reservations.id, order.reservation_id));
      const [invoice] = await db.select().from(invoices).where(eq(invoices.order_id, order.id));
      const customer = JSON.parse(order.customer_details);
      expect(customer).toMatchObject({ name: 'Demo Shopper', email: 'shopper@example.com', contact: '9876543210' });
      if (order.status === 'delivered' || order.status === 'shipped') {
        expect(hold!.status).toBe('sold');
        expect(order.amount_paid_paise).toBe(order.amount_paise);
        expect(order.payment_id).toMatch(/^pay_/);
        expect(invoice!.number).toMatch(/^SSD\/\d{2}-\d{2}\/\d{6}$/);
      } else {
        // Nothing was paid and the units went back: Retry Payment can take them again.
        expect(hold).toMatchObject({ status: 'released', release_reason: `order_${order.status}` });
        expect(order).toMatchObject({ amount_paid_paise: 0, payment_id: null, refund_id: null });
        expect(invoice).toBeUndefined();
        for (const line of lines) {
          const [item] = await db.select({ quantity: items.quantity }).from(items).where(eq(items.id, line.item_id!));
          expect(item!.quantity).toBeGreaterThanOrEqual(line.quantity);
        }
      }
    }
    const [delivered, , shipped] = history;
    // Home is in the seller's state (CGST + SGST); the shipped order went to Pune (IGST).
    expect(JSON.parse(delivered!.customer_details).address.city).toBe('Bengaluru');
    expect(delivered!.igst_paise).toBe(0);
    expect(JSON.parse(shipped!.customer_details).address.state).toBe('Maharashtra');
    expect(shipped!.cgst_paise + shipped!.sgst_paise).toBe(0);
    // The delivered items have not been reviewed yet: the demo shopper can write the first review.
    const deliveredItems = (await db.select({ id: orderLines.item_id }).from(orderLines).where(eq(orderLines.order_id, delivered!.id))).map((l) => l.id!);
    expect(await db.select().from(itemReviews).where(and(eq(itemReviews.user_id, shopper!.id), inArray(itemReviews.item_id, deliveredItems)))).toEqual([]);
    // The invoices of the two paid orders are numbered without gaps in their financial years.
    const numbered = await db.select().from(invoices).orderBy(asc(invoices.issued_at));
    expect(numbered).toHaveLength(2);
    for (const counter of await db.select().from(invoiceCounters)) {
      expect(numbered.filter((i) => i.financial_year === counter.financial_year).map((i) => i.sequence)).toEqual(
        Array.from({ length: counter.last_sequence }, (_, i) => i + 1),
      );
    }
  });

  it('keeps the stock invariant for every item: catalogue stock = available + held + sold', async () => {
    const initial = new Map(buildCatalogue().map((p) => [p.title, p.quantity]));
    const rows = await db.select({ id: items.id, title: items.title, quantity: items.quantity }).from(items);
    const lines = await db
      .select({ item: reservationLines.item_id, quantity: reservationLines.quantity, status: reservations.status })
      .from(reservationLines)
      .innerJoin(reservations, eq(reservations.id, reservationLines.reservation_id));
    let sold = 0;
    for (const item of rows) {
      const own = lines.filter((l) => l.item === item.id);
      const heldOrSold = own.filter((l) => l.status === 'held' || l.status === 'sold').reduce((sum, l) => sum + l.quantity, 0);
      sold += own.filter((l) => l.status === 'sold').reduce((sum, l) => sum + l.quantity, 0);
      expect(item.quantity + heldOrSold, item.title).toBe(initial.get(item.title));
    }
    // The history did sell units (the invariant is not trivially met by selling none).
    expect(sold).toBeGreaterThan(0);
  });

  it('does nothing the second time', async () => {
    const before = await tableCounts(db);
    const fingerprint = await catalogueFingerprint(db);
    expect(await seedIfEmpty(db)).toBeNull();
    expect(await tableCounts(db)).toEqual(before);
    expect(await catalogueFingerprint(db)).toEqual(fingerprint);
  });

  it('writes the same catalogue and pictures on another database', async () => {
    const other = await freshDatabase();
    try {
      await seedIfEmpty(other.db, { now: new Date(now.getTime() - 5 * DAY) });
      expect(await catalogueFingerprint(other.db)).toEqual(await catalogueFingerprint(db));
    } finally {
      await other.close();
    }
  });
});

describe('seeding safety', () => {
  it('leaves an empty database when the seed fails part-way', async () => {
    const handle = await freshDatabase();
    try {
      // The last table the seed writes refuses rows, after items and files were written.
      await handle.db.execute(
        sql.raw(`create function refuse_seed() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`),
      );
      await handle.db.execute(sql.raw('create trigger refuse_users before insert on users for each statement execute function refuse_seed()'));
      await expect(seedIfEmpty(handle.db)).rejects.toThrow();
      const counts = await tableCounts(handle.db);
      expect(counts).toEqual({ items: 0, itemImages: 0, files: 0, catalogs: 0, shops: 0, banners: 0, sales: 0, users: 0, reviews: 0 });
    } finally {
      await handle.close();
    }
  });

  it('seeds once when two starts race on the same database', async () => {
    const handle = await freshDatabase();
    try {
      const results = await Promise.all([seedIfEmpty(handle.db), seedIfEmpty(handle.db)]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
      const counts = await tableCounts(handle.db);
      expect(counts.items).toBe(results.find((r) => r !== null)?.items);
      expect(counts.sales).toBe(1);
    } finally {
      await handle.close();
    }
  });

  it('keeps an account that already uses a demo address', async () => {
    const handle = await freshDatabase();
    try {
      await handle.db.insert(users).values({ name: 'Real Person', email: 'shopper@example.com', role: 'user', auth_provider: 'google' });
      const summary = await seedIfEmpty(handle.db);
      expect(summary?.users).toBe(1 + REVIEWERS.length);
      const [user] = await handle.db.select().from(users).where(eq(users.email, 'shopper@example.com'));
      expect(user).toMatchObject({ name: 'Real Person', auth_provider: 'google', password_hash: null });
      // Their account is theirs: no demo history or addresses are added to it.
      expect(summary?.orders).toBe(0);
      expect(await handle.db.select().from(orders)).toEqual([]);
      expect(await handle.db.select().from(addresses)).toEqual([]);
    } finally {
      await handle.close();
    }
  });
});
