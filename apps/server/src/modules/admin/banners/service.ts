import { desc, eq } from 'drizzle-orm';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import type { AdminBanner, bannerAddSchema, bannerUpdateSchema } from '@ssd/shared/admin-content';
import type { z } from '@ssd/shared/zod';
import type { Database } from '../../../db/client';
import { banners } from '../../../db/schema';
import { fail } from '../../../lib/envelope';
import { recordAudit } from '../audit';

type BannerRow = typeof banners.$inferSelect;
type BannerFields = z.output<typeof bannerAddSchema>;

function toAdminBanner(row: BannerRow): AdminBanner {
  return {
    banner_id: row.banner_id,
    title: row.title,
    banner_image: row.banner_image,
    banner_image_mobile: row.banner_image_mobile,
    banner_image_laptop: row.banner_image_laptop,
    link: row.link,
    isactive: row.isactive,
    created_on: row.created_on.toISOString(),
    updated_on: row.updated_on.toISOString(),
  };
}

/** Every banner, active or not, newest first. */
export async function listBanners(db: Database): Promise<AdminBanner[]> {
  const rows = await db.select().from(banners).orderBy(desc(banners.created_on), desc(banners.banner_id));
  return rows.map(toAdminBanner);
}

export async function bannerDetail(db: Database, id: number): Promise<AdminBanner> {
  const [row] = await db.select().from(banners).where(eq(banners.banner_id, id));
  if (!row) throw fail.notFound(M.bannerNotFound);
  return toAdminBanner(row);
}

export async function addBanner(db: Database, actorId: string, fields: BannerFields): Promise<AdminBanner> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(banners).values(fields).returning();
    const after = toAdminBanner(row!);
    await recordAudit(tx, { actorId, action: 'banner.add', entity: 'banner', entityId: after.banner_id, before: null, after });
    return after;
  });
}

export async function updateBanner(db: Database, actorId: string, input: z.output<typeof bannerUpdateSchema>, now: Date): Promise<AdminBanner> {
  const { banner_id, ...fields } = input;
  return db.transaction(async (tx) => {
    // The row lock keeps two updates of one banner from recording the same "before".
    const [old] = await tx.select().from(banners).where(eq(banners.banner_id, banner_id)).for('update');
    if (!old) throw fail.notFound(M.bannerNotFound);
    const [row] = await tx.update(banners).set({ ...fields, updated_on: now }).where(eq(banners.banner_id, banner_id)).returning();
    const after = toAdminBanner(row!);
    await recordAudit(tx, { actorId, action: 'banner.update', entity: 'banner', entityId: banner_id, before: toAdminBanner(old), after });
    return after;
  });
}

/** Banners are erased: nothing else refers to them. */
export async function deleteBanner(db: Database, actorId: string, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [old] = await tx.delete(banners).where(eq(banners.banner_id, id)).returning();
    if (!old) throw fail.notFound(M.bannerNotFound);
    await recordAudit(tx, { actorId, action: 'banner.delete', entity: 'banner', entityId: id, before: toAdminBanner(old), after: null });
  });
}
