/**
 * Writes the demo data into an empty database: two shops, six catalogs, ~96 products with their
 * generated pictures, banners, one running sale, two demo accounts (the shopper with an address book and
 * past orders in four states, seed/orders.ts), and reviews on 40 products from
 * eight reviewer accounts that cannot sign in. One transaction: a failed
 * seed leaves nothing behind. Safe to call on every start: a database with items is left alone.
 */
import { randomUUID } from 'node:crypto';
import { count, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { banners, catalogs, files, itemImages, itemReviews, items, sales, shops, users } from '../db/schema';
import { hashPassword } from '../modules/auth/passwords';
import { BANNERS, SALE_BANNER, type BannerDef } from './banners';
import { buildReviews, REVIEWERS } from './reviews';
import { buildCatalogue, CATALOGS, FESTIVE_SALE, SHOPS, slugify } from './catalogue';
import { seedDemoOrders } from './orders';
import { catalogImage, CATALOG_IMAGE, PRODUCT_IMAGE, productImages } from './images/artwork';
import { BANNER_SIZES, bannerImage, type BannerFormat } from './images/banners';

export interface SeedSummary {
  items: number;
  itemImages: number;
  catalogs: number;
  shops: number;
  banners: number;
  sales: number;
  files: number;
  /** Demo accounts and reviewer accounts written (addresses already taken are left alone). */
  users: number;
  reviews: number;
  /** The demo shopper's past orders (none when the address was already someone's). */
  orders: number;
  /** How long the seed took, in milliseconds. */
  ms: number;
}

export interface SeedOptions {
  /** The moment the seed counts from (created_on, the sale's dates). */
  now?: Date;
}

export const DEMO_ACCOUNTS = [
  { email: 'shopper@example.com', password: 'shopper1234', name: 'Demo Shopper', role: 'user' },
  { email: 'admin@example.com', password: 'admin1234', name: 'Store Admin', role: 'ssd_admin' },
] as const;

/** Any number the two seeding processes agree on; taken per transaction so concurrent starts seed once. */
const SEED_LOCK_KEY = 0x55_53_44_01;

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
/** Rows per INSERT for the picture files (a few hundred kilobytes each batch). */
const FILE_BATCH = 50;

type FileRow = typeof files.$inferInsert & { id: string };

function svgFile(filename: string, title: string, svg: string, size: { width: number; height: number }): FileRow {
  const data = new TextEncoder().encode(svg);
  return {
    id: randomUUID(),
    filename_download: filename,
    title,
    type: 'image/svg+xml',
    filesize: data.byteLength,
    width: size.width,
    height: size.height,
    data,
  };
}

function bannerFiles(def: BannerDef, slug: string): Record<BannerFormat, FileRow> {
  const make = (format: BannerFormat) =>
    svgFile(`${slug}-${format}.svg`, `${def.title} (${format})`, bannerImage(def, format), BANNER_SIZES[format]);
  return { base: make('base'), mobile: make('mobile'), laptop: make('laptop') };
}

async function itemCount(db: Pick<Database, 'select'>): Promise<number> {
  const [row] = await db.select({ n: count() }).from(items);
  return row?.n ?? 0;
}

/** Seeds the demo catalogue and accounts when the database has no items; null when it has some. */
export async function seedIfEmpty(db: Database, options: SeedOptions = {}): Promise<SeedSummary | null> {
  if ((await itemCount(db)) > 0) return null;
  const started = performance.now();
  const now = options.now ?? new Date();

  // Everything that does not need the database is prepared first, so the transaction is short.
  const products = buildCatalogue();
  const reviews = buildReviews(products);
  const fileRows: FileRow[] = [];
  const productPictures = products.map((product) => {
    const svgs = productImages(product.art, product.title, product.imageCount);
    const rows = svgs.map((svg, i) => svgFile(`${product.slug}-${i + 1}.svg`, product.title, svg, PRODUCT_IMAGE));
    fileRows.push(...rows);
    return rows;
  });
  const catalogFiles = CATALOGS.map((catalog) => {
    const row = svgFile(`catalog-${slugify(catalog.title)}.svg`, catalog.title, catalogImage(catalog.cover, catalog.title), CATALOG_IMAGE);
    fileRows.push(row);
    return row;
  });
  const bannerRows = BANNERS.map((def) => {
    const set = bannerFiles(def, `banner-${slugify(def.title)}`);
    fileRows.push(set.base, set.mobile, set.laptop);
    return { def, set };
  });
  const saleFiles = bannerFiles(SALE_BANNER, `sale-${FESTIVE_SALE.tag_name}`);
  fileRows.push(saleFiles.base, saleFiles.mobile, saleFiles.laptop);
  const accounts = await Promise.all(
    DEMO_ACCOUNTS.map(async (account) => ({
      name: account.name,
      email: account.email,
      role: account.role,
      auth_provider: 'local' as const,
      password_hash: await hashPassword(account.password),
    })),
  );

  const summary = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`);
    // Another process may have seeded while this one waited for the lock.
    if ((await itemCount(tx)) > 0) return null;

    for (let i = 0; i < fileRows.length; i += FILE_BATCH) {
      await tx.insert(files).values(fileRows.slice(i, i + FILE_BATCH));
    }
    const shopRows = await tx.insert(shops).values([...SHOPS]).onConflictDoNothing().returning({ value: shops.value });
    const catalogRows = await tx
      .insert(catalogs)
      .values(CATALOGS.map((c, i) => ({ title: c.title, image: (catalogFiles[i] as FileRow).id, priority: c.priority, hsn_code: c.hsnCode })))
      .onConflictDoNothing()
      .returning({ id: catalogs.id });

    const itemRows = await tx
      .insert(items)
      .values(
        products.map((product, i) => {
          const created = new Date(now.getTime() - product.ageMinutes * MINUTE_MS);
          return {
            title: product.title,
            shop: product.shop,
            catalog: product.catalog,
            price_paise: product.pricePaise,
            market_price_paise: product.marketPricePaise,
            thumbnail_image: (productPictures[i]?.[0] as FileRow).id,
            quantity: product.quantity,
            description: product.description,
            size_description: product.sizeDescription,
            tags: product.tags,
            // The rating follows the reviews written below (null for products without any).
            rating: null,
            created_on: created,
            updated_on: created,
          };
        }),
      )
      .returning({ id: items.id, title: items.title, thumbnail: items.thumbnail_image });
    const idByTitle = new Map(itemRows.map((row) => [row.title, row.id]));
    const imageRows = products.flatMap((product, i) =>
      (productPictures[i] ?? []).map((file, sort) => ({
        item_id: idByTitle.get(product.title) as number,
        directus_files_id: file.id,
        title: product.title,
        sort: sort + 1,
      })),
    );
    await tx.insert(itemImages).values(imageRows);

    await tx.insert(banners).values(
      bannerRows.map(({ def, set }) => ({
        title: def.title,
        banner_image: set.base.id,
        banner_image_mobile: set.mobile.id,
        banner_image_laptop: set.laptop.id,
        link: def.link,
        isactive: def.isactive,
      })),
    );
    await tx.insert(sales).values({
      sale_name: FESTIVE_SALE.sale_name,
      tag_name: FESTIVE_SALE.tag_name,
      banner_image: saleFiles.base.id,
      banner_image_mobile: saleFiles.mobile.id,
      banner_image_laptop: saleFiles.laptop.id,
      active_from: new Date(now.getTime() - FESTIVE_SALE.startedDaysAgo * DAY_MS),
      active_till: new Date(now.getTime() + FESTIVE_SALE.endsInDays * DAY_MS),
    });
    // An address someone already registered keeps its owner and password.
    const userRows = await tx.insert(users).values(accounts).onConflictDoNothing().returning({ id: users.id, email: users.email });
    // The demo shopper's history, only on an account this seed created.
    const shopper = userRows.find((row) => row.email === DEMO_ACCOUNTS[0].email);
    const orderCount = shopper
      ? await seedDemoOrders(tx, { userId: shopper.id, email: shopper.email, products, itemRows: new Map(itemRows.map((row) => [row.title, row])), now })
      : 0;

    // Reviewers have no password: nobody can sign in as them. items.rating follows (trigger, migration 0004).
    const reviewerRows = await tx
      .insert(users)
      .values(REVIEWERS.map((r) => ({ name: r.name, email: r.email, role: 'user' as const, auth_provider: 'local' as const, password_hash: null })))
      .onConflictDoNothing()
      .returning({ id: users.id });
    const reviewerIds = new Map(
      (await tx.select({ id: users.id, email: users.email }).from(users).where(inArray(users.email, REVIEWERS.map((r) => r.email)))).map((r) => [
        r.email,
        r.id,
      ]),
    );
    const reviewRows = reviews.map((review) => {
      const at = new Date(now.getTime() - review.ageMinutes * MINUTE_MS);
      return {
        user_id: reviewerIds.get((REVIEWERS[review.reviewer] as (typeof REVIEWERS)[number]).email) as string,
        item_id: idByTitle.get((products[review.product] as (typeof products)[number]).title) as number,
        rating: review.rating,
        review: review.review,
        created_at: at,
        updated_at: at,
      };
    });
    await tx.insert(itemReviews).values(reviewRows);

    return {
      items: itemRows.length,
      itemImages: imageRows.length,
      catalogs: catalogRows.length,
      shops: shopRows.length,
      banners: bannerRows.length,
      sales: 1,
      files: fileRows.length,
      users: userRows.length + reviewerRows.length,
      reviews: reviewRows.length,
      orders: orderCount,
      ms: 0,
    } satisfies SeedSummary;
  });
  if (summary) {
    // Statistics for the new rows at once (decisions/0089): PGlite has no autovacuum to gather them, and
    // without them the planner took the demo's 96 items for a handful and read every search through an
    // index instead of the table (embedded searches 10–20% slower).
    await db.execute(sql`analyze`);
    summary.ms = Math.round(performance.now() - started);
  }
  return summary;
}
