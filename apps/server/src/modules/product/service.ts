import { and, asc, count, desc, eq, gt, isNull, ne, notExists, notInArray, sql } from 'drizzle-orm';
import { INTERNAL_TAGS } from '@ssd/shared/internal-tags';
import type { ProductCard, RatingData, Review, TagCount } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { itemReviews, items, itemTagCounts, sales, users } from '../../db/schema';
import { cardColumns, itemOrNotFound, toCard } from './cards';

export interface Page {
  limit: number;
  offset: number;
}

/** The name shown for a reviewer who has none (spec 2 §3). */
export const ANONYMOUS_REVIEWER = 'Customer';

/**
 * 'You May Like' (spec 2 §7): items of the same catalog, then of the same shop, newest first within
 * each group, never the item itself. Out-of-stock items are included (the screen tags them).
 * Each group is one index range read, (catalog, created_on) then (shop, created_on); the second group
 * is read, and the first counted, only when a page reaches past the end of the first.
 */
export async function suggestedProducts(db: Database, id: number, page: Page): Promise<ProductCard[]> {
  const item = await itemOrNotFound(db, id);
  const newest = [desc(items.created_on), desc(items.id)];
  const live = isNull(items.archived_at);
  const sameCatalog = and(eq(items.catalog, item.catalog), ne(items.id, id), live);
  const first = await db.select(cardColumns).from(items).where(sameCatalog).orderBy(...newest).limit(page.limit).offset(page.offset);
  if (first.length === page.limit) return first.map(toCard);

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

/** Average of the item's reviews to one decimal (null without any) and how many there are. */
export async function productRating(db: Database, id: number): Promise<RatingData> {
  await itemOrNotFound(db, id);
  const [row] = await db
    .select({
      avg: sql<string | null>`round(avg(${itemReviews.rating})::numeric, 1)`,
      total: count(),
    })
    .from(itemReviews)
    .where(eq(itemReviews.item_id, id));
  return { avg_rating: row?.avg === null || row?.avg === undefined ? null : Number(row.avg), total: row?.total ?? 0 };
}

/** The item's reviews, newest first, with the reviewer's name ('Customer' when it is empty). */
export async function productReviews(db: Database, id: number, page: Page): Promise<Review[]> {
  await itemOrNotFound(db, id);
  const rows = await db
    .select({ name: users.name, rating: itemReviews.rating, review: itemReviews.review, created_at: itemReviews.created_at })
    .from(itemReviews)
    .innerJoin(users, eq(users.id, itemReviews.user_id))
    .where(eq(itemReviews.item_id, id))
    .orderBy(desc(itemReviews.created_at), desc(itemReviews.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((row) => ({
    user_name: row.name.trim() || ANONYMOUS_REVIEWER,
    rating: row.rating,
    review: row.review?.trim() ? row.review : null,
    created_at: row.created_at.toISOString(),
  }));
}

/**
 * Tags of in-stock items with how many in-stock items carry each, most used first, then alphabetical.
 * Read from item_tag_counts, which a trigger on items keeps (migration 0008). Tags that only drive a
 * section (INTERNAL_TAGS) or a sale (any sale's tag_name) are left out, whatever their case (decision 0040).
 */
export async function popularTags(db: Database, page: Page): Promise<TagCount[]> {
  const tag = sql`lower(${itemTagCounts.tag})`;
  const saleTag = db.select({ tag: sales.tag_name }).from(sales).where(sql`lower(${sales.tag_name}) = ${tag}`);
  return db
    .select({ title: itemTagCounts.tag, count: itemTagCounts.in_stock })
    .from(itemTagCounts)
    .where(and(gt(itemTagCounts.in_stock, 0), notInArray(tag, [...INTERNAL_TAGS]), notExists(saleTag)))
    .orderBy(desc(itemTagCounts.in_stock), asc(itemTagCounts.tag))
    .limit(page.limit)
    .offset(page.offset);
}
