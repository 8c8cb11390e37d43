import { and, asc, count, desc, eq, gt, isNull, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { INTERNAL_TAGS } from '@ssd/shared/internal-tags';
import type { ProductCard, RatingData, Review, TagCount } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { itemReviews, items, itemTagCounts, sales, users } from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import { fail } from '../../lib/envelope';
import { cardColumns, PRODUCT_NOT_FOUND, toCard, type CardRow } from './cards';

export interface Page {
  limit: number;
  offset: number;
}

/** The name shown for a reviewer who has none (spec 2 §3). */
export const ANONYMOUS_REVIEWER = 'Customer';

const live = isNull(items.archived_at);
const newest = [desc(items.created_on), desc(items.id)];

/**
 * The item (its catalog and shop; no row: 404) with a page of its catalog's other items, newest first,
 * in one statement. The page comes back as one JSON array (the driver parses it natively), which costs
 * far less per request than mapping ten rows of columns. Written out in SQL: a subquery in the select
 * list, where the outer row is `items` and the suggestions are `s`.
 */
const itemWithSameCatalog = preparedPerDatabase((db: Database) =>
  db
    .select({
      catalog: items.catalog,
      shop: items.shop,
      cards: sql<CardRow[]>`coalesce((
        select json_agg(card order by card.created_on desc, card.id desc) from (
          select s.id, s.title, s.catalog, s.shop, s.price_paise, s.market_price_paise, s.thumbnail_image, s.quantity, s.created_on
          from items s
          where s.catalog = items.catalog and s.id <> items.id and s.archived_at is null
          order by s.created_on desc, s.id desc
          limit ${sql.placeholder('limit')} offset ${sql.placeholder('offset')}
        ) card
      ), '[]')`,
    })
    .from(items)
    .where(and(eq(items.id, sql.placeholder('id')), live))
    .prepare('product_suggested_same_catalog'),
);

/**
 * 'You May Like' (spec 2 §7): items of the same catalog, then of the same shop, newest first within
 * each group, never the item itself. Out-of-stock items are included (the screen tags them).
 * Each group is one index range read, (catalog, created_on) then (shop, created_on). The item and the
 * first group are one statement; the second group is read, and the first counted, only when a page
 * reaches past the end of the first.
 */
export async function suggestedProducts(db: Database, id: number, page: Page): Promise<ProductCard[]> {
  const rows = await itemWithSameCatalog(db).execute({ id, limit: page.limit, offset: page.offset });
  const item = rows[0];
  if (!item) throw fail.notFound(PRODUCT_NOT_FOUND);
  const first = item.cards;
  if (first.length === page.limit) return first.map(toCard);

  const sameCatalog = and(eq(items.catalog, item.catalog), ne(items.id, id), live);
  const [catalogSize] = await db.select({ n: count() }).from(items).where(sameCatalog);
  const skip = Math.max(0, page.offset - (catalogSize?.n ?? 0));
  const second = await db
    .select(cardColumns)
    .from(items)
    .where(and(eq(items.shop, item.shop), ne(items.catalog, item.catalog), ne(items.id, id), live))
    .orderBy(...newest)
    .limit(page.limit - first.length)
    .offset(skip);
  return [...first, ...second].map(toCard);
}

/** The item's review summary (no row: no such live item, 404), one statement. */
const ratingOfItem = preparedPerDatabase((db: Database) => {
  const summary = db
    .select({
      avg: sql<string | null>`round(avg(${itemReviews.rating})::numeric, 1)`.as('avg'),
      total: sql<number>`count(*)::int`.as('total'),
    })
    .from(itemReviews)
    .where(eq(itemReviews.item_id, items.id))
    .as('summary');
  return db
    .select({ avg: summary.avg, total: summary.total })
    .from(items)
    .innerJoinLateral(summary, sql`true`)
    .where(and(eq(items.id, sql.placeholder('id')), live))
    .prepare('product_rating');
});

/** Average of the item's reviews to one decimal (null without any) and how many there are. */
export async function productRating(db: Database, id: number): Promise<RatingData> {
  const [row] = await ratingOfItem(db).execute({ id });
  if (!row) throw fail.notFound(PRODUCT_NOT_FOUND);
  return { avg_rating: row.avg === null ? null : Number(row.avg), total: Number(row.total) };
}

/**
 * The item (no row: 404) with a page of its reviews and their reviewers' names, newest first, in one
 * statement: an empty page comes back as one row whose review columns are null.
 */
const itemWithReviews = preparedPerDatabase((db: Database) => {
  const page = db
    .select({ name: users.name, rating: itemReviews.rating, review: itemReviews.review, created_at: itemReviews.created_at })
    .from(itemReviews)
    .innerJoin(users, eq(users.id, itemReviews.user_id))
    .where(eq(itemReviews.item_id, items.id))
    .orderBy(desc(itemReviews.created_at), desc(itemReviews.id))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .as('page');
  return db
    .select({ review: { name: page.name, rating: page.rating, review: page.review, created_at: page.created_at } })
    .from(items)
    .leftJoinLateral(page, sql`true`)
    .where(and(eq(items.id, sql.placeholder('id')), live))
    .prepare('product_reviews');
});

/** The item's reviews, newest first, with the reviewer's name ('Customer' when it is empty). */
export async function productReviews(db: Database, id: number, page: Page): Promise<Review[]> {
  const rows = await itemWithReviews(db).execute({ id, limit: page.limit, offset: page.offset });
  if (rows.length === 0) throw fail.notFound(PRODUCT_NOT_FOUND);
  return rows.flatMap(({ review: row }) =>
    row
      ? [
          {
            user_name: row.name.trim() || ANONYMOUS_REVIEWER,
            rating: row.rating,
            review: row.review?.trim() ? row.review : null,
            created_at: row.created_at.toISOString(),
          },
        ]
      : [],
  );
}

/**
 * Tags of in-stock items with how many in-stock items carry each, most used first, then alphabetical.
 * Read from item_tag_counts, which a trigger on items keeps (migration 0008). Tags that only drive a
 * section (INTERNAL_TAGS) or a sale (any sale's tag_name) are left out, whatever their case (decision 0040).
 */
export async function popularTags(db: Database, page: Page): Promise<TagCount[]> {
  return popularTagsPage(db).execute({ limit: page.limit, offset: page.offset });
}

const popularTagsPage = preparedPerDatabase((db: Database) => {
  const tag = sql`lower(${itemTagCounts.tag})`;
  const saleTag = db.select({ tag: sales.tag_name }).from(sales).where(sql`lower(${sales.tag_name}) = ${tag}`);
  return db
    .select({ title: itemTagCounts.tag, count: itemTagCounts.in_stock })
    .from(itemTagCounts)
    .where(and(gt(itemTagCounts.in_stock, 0), notInArray(tag, [...INTERNAL_TAGS]), notExists(saleTag)))
    // in_stock is never null: "nulls last" only makes the order the popular index's own, so the page is
    // read from the index's start instead of sorting the whole table.
    .orderBy(sql`${itemTagCounts.in_stock} desc nulls last`, asc(itemTagCounts.tag))
    .limit(sql.placeholder('limit'))
    .offset(sql.placeholder('offset'))
    .prepare('product_popular_tags');
});
