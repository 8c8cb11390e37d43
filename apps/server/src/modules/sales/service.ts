import { and, asc, gt, lte } from 'drizzle-orm';
import type { Sale } from '@ssd/shared/sales';
import type { Database } from '../../db/client';
import { sales } from '../../db/schema';

/** Sales running at `now`: started and not yet ended, the soonest to end first. */
export async function listActiveSales(db: Database, now = new Date()): Promise<Sale[]> {
  const rows = await db
    .select()
    .from(sales)
    .where(and(lte(sales.active_from, now), gt(sales.active_till, now)))
    .orderBy(asc(sales.active_till), asc(sales.sale_id));
  return rows.map((row) => ({
    sale_id: row.sale_id,
    sale_name: row.sale_name,
    tag_name: row.tag_name,
    banner_image: row.banner_image,
    banner_image_mobile: row.banner_image_mobile,
    banner_image_laptop: row.banner_image_laptop,
    active_till: row.active_till.toISOString(),
  }));
}
