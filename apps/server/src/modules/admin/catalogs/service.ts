import { and, asc, count, eq, getTableColumns, isNull, ne, sql } from 'drizzle-orm';
import { ADMIN_CONTENT_MESSAGES as M, ARCHIVE_CATALOG_TITLE } from '@ssd/shared/admin-content-messages';
import type { AdminCatalog, catalogAddSchema, catalogUpdateSchema } from '@ssd/shared/admin-content';
import type { z } from '@ssd/shared/zod';
import type { Database } from '../../../db/client';
import type { Transaction } from '../../../db/locks';
import { catalogs, items } from '../../../db/schema';
import { fail } from '../../../lib/envelope';
import { recordAudit } from '../audit';

/**
 * Live (not archived) products per catalog, as a correlated count. The outer column is written out
 * qualified: drizzle renders a column inside a subquery unqualified, which would mean items.title here.
 */
const liveProductCount = sql<number>`(select count(*)::int from ${items} where ${items.catalog} = "catalogs"."title" and ${items.archived_at} is null)`;

const catalogColumns = { ...getTableColumns(catalogs), product_count: liveProductCount };
type CatalogRow = typeof catalogs.$inferSelect & { product_count: number };

function toAdminCatalog(row: CatalogRow): AdminCatalog {
  return {
    id: row.id,
    title: row.title,
    image: row.image,
    priority: row.priority,
    product_count: Number(row.product_count),
    created_on: row.created_on.toISOString(),
    updated_on: row.updated_on.toISOString(),
  };
}

/** By priority, ascending as the storefront orders its catalogs, then by title; not the hidden archive catalog. */
export async function listCatalogs(db: Database): Promise<AdminCatalog[]> {
  const rows = await db.select(catalogColumns).from(catalogs).where(ne(catalogs.title, ARCHIVE_CATALOG_TITLE)).orderBy(asc(catalogs.priority), asc(catalogs.title));
  return rows.map(toAdminCatalog);
}

async function findCatalog(db: Database | Transaction, title: string, lock = false): Promise<CatalogRow | undefined> {
  const query = db.select(catalogColumns).from(catalogs).where(eq(catalogs.title, title));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function catalogDetail(db: Database, title: string): Promise<AdminCatalog> {
  const row = await findCatalog(db, title);
  if (!row) throw fail.notFound(M.catalogNotFound);
  return toAdminCatalog(row);
}

/** PostgreSQL's unique_violation: another catalog already has the title (also when two adds race). */
function isTitleTaken(error: unknown): boolean {
  const cause = (error as { cause?: { code?: string } })?.cause ?? error;
  return (cause as { code?: string })?.code === '23505';
}

async function refuseTakenTitle<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isTitleTaken(error)) throw fail.conflict(M.catalogTitleTaken);
    throw error;
  }
}

export async function addCatalog(db: Database, actorId: string, fields: z.output<typeof catalogAddSchema>): Promise<AdminCatalog> {
  return refuseTakenTitle(() =>
    db.transaction(async (tx) => {
      const [row] = await tx.insert(catalogs).values(fields).returning();
      const after = toAdminCatalog({ ...row!, product_count: 0 });
      await recordAudit(tx, { actorId, action: 'catalog.add', entity: 'catalog', entityId: after.id, before: null, after });
      return after;
    }),
  );
}

/**
 * Renames (new_title) and re-images a catalog. Its products follow a rename by themselves: items.catalog
 * references catalogs.title ON UPDATE CASCADE, so the database moves them in the same statement.
 */
export async function updateCatalog(db: Database, actorId: string, input: z.output<typeof catalogUpdateSchema>, now: Date): Promise<AdminCatalog> {
  return refuseTakenTitle(() =>
    db.transaction(async (tx) => {
      const old = await findCatalog(tx, input.old_title, true);
      if (!old) throw fail.notFound(M.catalogNotFound);
      await tx
        .update(catalogs)
        .set({ title: input.new_title, image: input.image, priority: input.priority, updated_on: now })
        .where(eq(catalogs.id, old.id));
      const after = toAdminCatalog((await findCatalog(tx, input.new_title))!);
      await recordAudit(tx, { actorId, action: 'catalog.update', entity: 'catalog', entityId: old.id, before: toAdminCatalog(old), after });
      return after;
    }),
  );
}

/**
 * Deletes a catalog that no live product is in (else 409 with how many). Products staff deleted before
 * (archived) must keep a real row (past orders, reviews and ratings point at them) and a product names an
 * existing catalog, so they move to the hidden archive catalog first (docs/decisions/0031).
 */
export async function deleteCatalog(db: Database, actorId: string, title: string): Promise<void> {
  await db.transaction(async (tx) => {
    const old = await findCatalog(tx, title, true);
    if (!old) throw fail.notFound(M.catalogNotFound);
    // Counted under the catalog's row lock: a product added to it meanwhile waits for this transaction
    // (its foreign key check locks the catalog row), then fails on the deleted title.
    const [live] = await tx.select({ n: count() }).from(items).where(and(eq(items.catalog, title), isNull(items.archived_at)));
    if (live!.n > 0) throw fail.conflict(M.catalogHasProducts(live!.n));
    const archived = await tx.select({ id: items.id }).from(items).where(eq(items.catalog, title));
    if (archived.length > 0) {
      await tx.insert(catalogs).values({ title: ARCHIVE_CATALOG_TITLE, image: old.image, priority: 0 }).onConflictDoNothing();
      await tx.update(items).set({ catalog: ARCHIVE_CATALOG_TITLE }).where(eq(items.catalog, title));
    }
    await tx.delete(catalogs).where(eq(catalogs.id, old.id));
    await recordAudit(tx, {
      actorId,
      action: 'catalog.delete',
      entity: 'catalog',
      entityId: old.id,
      before: { ...toAdminCatalog(old), archived_product_ids: archived.map((row) => row.id) },
      after: null,
    });
  });
}
