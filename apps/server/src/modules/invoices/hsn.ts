import { eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import type { Transaction } from '../../db/locks';
import { catalogs, items } from '../../db/schema';

/**
 * The HSN code of each product's catalog now (configuration kept beside the GST table), for an order to
 * copy into its lines when it is placed; products whose catalog has none are left out.
 */
export async function hsnCodesOfItems(db: Database | Transaction, itemIds: ReadonlyArray<number | null>): Promise<Map<number, string>> {
  const ids = itemIds.filter((id): id is number => id !== null);
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: items.id, hsn: catalogs.hsn_code })
    .from(items)
    .innerJoin(catalogs, eq(catalogs.title, items.catalog))
    .where(inArray(items.id, ids));
  return new Map(rows.flatMap((row) => (row.hsn ? [[row.id, row.hsn] as const] : [])));
}
