import { and, eq, isNull } from 'drizzle-orm';
import { STOREFRONT_MESSAGES, type ProductCard } from '@ssd/shared/storefront';
import type { Database } from '../../db/client';
import { items } from '../../db/schema';
import { fail } from '../../lib/envelope';

/** The columns of a product card (the content service's card shape): money in paise here, rupees out. */
export const cardColumns = {
  id: items.id,
  title: items.title,
  catalog: items.catalog,
  shop: items.shop,
  price_paise: items.price_paise,
  market_price_paise: items.market_price_paise,
  thumbnail_image: items.thumbnail_image,
  quantity: items.quantity,
};

export interface CardRow {
  id: number;
  title: string;
  catalog: string;
  shop: string;
  price_paise: number;
  market_price_paise: number | null;
  thumbnail_image: string;
  quantity: number;
}

export function toCard(row: CardRow): ProductCard {
  return {
    id: row.id,
    title: row.title,
    catalog: row.catalog,
    shop: row.shop,
    price: row.price_paise / 100,
    market_price: row.market_price_paise === null ? null : row.market_price_paise / 100,
    thumbnail_image: row.thumbnail_image,
    quantity: row.quantity,
  };
}

export const PRODUCT_NOT_FOUND = STOREFRONT_MESSAGES.productNotFound;

/** The item's stock and grouping, or 404 'Product not found' — also for a product staff deleted (archived). */
export async function itemOrNotFound(db: Pick<Database, 'select'>, id: number): Promise<{ id: number; catalog: string; shop: string; quantity: number }> {
  const [row] = await db
    .select({ id: items.id, catalog: items.catalog, shop: items.shop, quantity: items.quantity })
    .from(items)
    .where(and(eq(items.id, id), isNull(items.archived_at)))
    .limit(1);
  if (!row) throw fail.notFound(PRODUCT_NOT_FOUND);
  return row;
}
