import { and, asc, desc, eq, getTableColumns, isNotNull, isNull, type SQL } from 'drizzle-orm';
import { ADMIN_CONTENT_MESSAGES as M, ALL_CATALOGS, ARCHIVE_CATALOG_TITLE, type AdminProductType } from '@ssd/shared/admin-content-messages';
import type { AdminProduct, AdminProductDetailRow, productFieldsSchema, productListQuerySchema, productUpdateSchema } from '@ssd/shared/admin-content';
import { paiseToRupees, rupeesToPaise } from '@ssd/shared/money';
import type { z } from '@ssd/shared/zod';
import type { Database } from '../../../db/client';
import type { Transaction } from '../../../db/locks';
import { catalogs, itemImages, items, shops } from '../../../db/schema';
import { fail } from '../../../lib/envelope';
import { recordAudit } from '../audit';

type ItemRow = typeof items.$inferSelect;
type ProductFields = z.output<typeof productFieldsSchema>;
type ImageRow = { id: number; url: string; title: string | null };

/** Every column but the search document, which is never read by the API. */
const { search_vector: _searchVector, ...itemColumns } = getTableColumns(items);

function toAdminProduct(row: ItemRow): AdminProduct {
  return {
    id: row.id,
    title: row.title,
    thumbnail_image: row.thumbnail_image,
    shop: row.shop,
    catalog: row.catalog,
    market_price: row.market_price_paise === null ? null : paiseToRupees(row.market_price_paise),
    price: paiseToRupees(row.price_paise),
    quantity: row.quantity,
    archived_at: row.archived_at?.toISOString() ?? null,
    created_on: row.created_on.toISOString(),
    updated_on: row.updated_on.toISOString(),
  };
}

/** GET /api/admin/products/{type}: newest first; live products unless `archived` asks for the deleted ones. */
export async function listProducts(db: Database, type: AdminProductType, query: z.output<typeof productListQuerySchema>): Promise<AdminProduct[]> {
  const where: SQL[] = [query.archived ? isNotNull(items.archived_at) : isNull(items.archived_at)];
  if (type !== 'all') where.push(eq(items.shop, type));
  if (query.catalog !== ALL_CATALOGS) where.push(eq(items.catalog, query.catalog));
  const rows = await db
    .select(itemColumns)
    .from(items)
    .where(and(...where))
    .orderBy(desc(items.created_on), desc(items.id))
    .limit(query.limit)
    .offset(query.offset);
  return rows.map((row) => toAdminProduct(row as ItemRow));
}

async function imagesOf(db: Database | Transaction, itemId: number): Promise<ImageRow[]> {
  return db
    .select({ id: itemImages.id, url: itemImages.directus_files_id, title: itemImages.title })
    .from(itemImages)
    .where(eq(itemImages.item_id, itemId))
    .orderBy(asc(itemImages.sort), asc(itemImages.id));
}

async function findProduct(db: Database | Transaction, id: number, lock = false): Promise<ItemRow | undefined> {
  const query = db.select(itemColumns).from(items).where(eq(items.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row as ItemRow | undefined;
}

/**
 * The detail's rows, one per tag or image (spec 3 §3; the row shape is adminProductDetailRowSchema's):
 * tags first in their order (tag_id = position, from 1), then images; one bare row when there are neither.
 */
export function detailRows(row: ItemRow, images: ImageRow[]): AdminProductDetailRow[] {
  const product = {
    ...toAdminProduct(row),
    description: row.description,
    size_description: row.size_description,
    rating: row.rating,
  };
  const none = { tag_id: null, tag_title: null, image_id: null, image_url: null, image_title: null };
  const rows: AdminProductDetailRow[] = [
    ...row.tags.map((tag, index) => ({ ...product, ...none, tag_id: index + 1, tag_title: tag })),
    ...images.map((image) => ({ ...product, ...none, image_id: image.id, image_url: image.url, image_title: image.title })),
  ];
  return rows.length > 0 ? rows : [{ ...product, ...none }];
}

export async function productDetail(db: Database, id: number): Promise<AdminProductDetailRow[]> {
  const row = await findProduct(db, id);
  if (!row) throw fail.notFound(M.productNotFound);
  return detailRows(row, await imagesOf(db, id));
}

/** What the audit log keeps of a product: its fields, tags and images. */
async function snapshot(tx: Transaction, row: ItemRow) {
  return { ...toAdminProduct(row), description: row.description, size_description: row.size_description, tags: row.tags, images: await imagesOf(tx, row.id) };
}

/** spec 3 §5: the shop and the catalog must be real ones (the hidden archive catalog is not). */
async function checkShopAndCatalog(tx: Transaction, fields: ProductFields): Promise<void> {
  const [shop] = await tx.select({ value: shops.value }).from(shops).where(eq(shops.value, fields.shop));
  if (!shop) throw fail.badRequest(M.invalidShop);
  // FOR KEY SHARE: the catalog cannot be deleted or renamed under this write (the foreign key would take it anyway).
  const [catalog] = await tx.select({ title: catalogs.title }).from(catalogs).where(eq(catalogs.title, fields.catalog)).for('key share');
  if (!catalog || catalog.title === ARCHIVE_CATALOG_TITLE) throw fail.badRequest(M.invalidCatalog);
}

function columnsOf(fields: ProductFields) {
  return {
    title: fields.title,
    thumbnail_image: fields.thumbnail_image,
    market_price_paise: fields.market_price === null ? null : rupeesToPaise(fields.market_price),
    price_paise: rupeesToPaise(fields.price),
    shop: fields.shop,
    catalog: fields.catalog,
    quantity: fields.quantity,
    description: fields.description,
    size_description: fields.size_description,
  };
}

export async function addProduct(db: Database, actorId: string, fields: ProductFields): Promise<AdminProduct> {
  return db.transaction(async (tx) => {
    await checkShopAndCatalog(tx, fields);
    const [row] = await tx.insert(items).values(columnsOf(fields)).returning(itemColumns);
    const after = await snapshot(tx, row as ItemRow);
    await recordAudit(tx, { actorId, action: 'product.add', entity: 'product', entityId: after.id, before: null, after });
    return toAdminProduct(row as ItemRow);
  });
}

/**
 * Replaces a live product's fields, and its tags and images when the lists are given (spec 3 §3: tags as
 * [product id, tag] pairs, images as [product id, url, title] triples, each naming this product).
 */
export async function updateProduct(db: Database, actorId: string, input: z.output<typeof productUpdateSchema>, now: Date): Promise<AdminProduct> {
  const { id, tags, images, ...fields } = input;
  if ([...(tags ?? []), ...(images ?? [])].some(([productId]) => productId !== id)) throw fail.badRequest(M.tagOfOtherProduct);
  return db.transaction(async (tx) => {
    const old = await findProduct(tx, id, true);
    if (!old) throw fail.notFound(M.productNotFound);
    if (old.archived_at) throw fail.conflict(M.productArchived);
    await checkShopAndCatalog(tx, fields);
    const before = await snapshot(tx, old);
    const [row] = await tx
      .update(items)
      .set({ ...columnsOf(fields), ...(tags ? { tags: [...new Set(tags.map(([, tag]) => tag))] } : {}), updated_on: now })
      .where(eq(items.id, id))
      .returning(itemColumns);
    if (images) {
      await tx.delete(itemImages).where(eq(itemImages.item_id, id));
      if (images.length > 0) {
        await tx.insert(itemImages).values(images.map(([, url, title], sort) => ({ item_id: id, directus_files_id: url, title, sort })));
      }
    }
    const after = await snapshot(tx, row as ItemRow);
    await recordAudit(tx, { actorId, action: 'product.update', entity: 'product', entityId: id, before, after });
    return toAdminProduct(row as ItemRow);
  });
}

/**
 * DELETE archives: the row stays for past orders, reservations, reviews and ratings, and every storefront
 * read leaves it out from now on (docs/decisions/0031).
 */
export async function archiveProduct(db: Database, actorId: string, id: number, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const old = await findProduct(tx, id, true);
    if (!old) throw fail.notFound(M.productNotFound);
    if (old.archived_at) throw fail.conflict(M.productArchived);
    const [row] = await tx.update(items).set({ archived_at: now, updated_on: now }).where(eq(items.id, id)).returning(itemColumns);
    await recordAudit(tx, { actorId, action: 'product.delete', entity: 'product', entityId: id, before: toAdminProduct(old), after: toAdminProduct(row as ItemRow) });
  });
}
