import { and, asc, eq, isNull } from 'drizzle-orm';
import { assetUrl } from '@ssd/shared/assets';
import type { Database } from '../db/client';
import { banners, itemImages, items } from '../db/schema';
import { listActiveSales } from '../modules/sales/service';

/**
 * What the SPA's HTML can tell the browser to fetch before the app's code has run: the largest image
 * of the page, when the server knows it from the address alone, so that its download starts with the
 * HTML's, at high priority, instead of after the code and the data that name it.
 *
 * - A product page (/product/{id}/{title}) opens on its first gallery image: the item's images in their
 *   order (sort, id, as the content service reads them), else its thumbnail, as the product screen shows.
 * - Home opens on its first banner slide: the soonest-ending running sale, else the first active banner
 *   (lowest id), as home's bannerSlides (apps/web features/home) orders them; the phone's image below
 *   768 px, the laptop's from there (each falling back to the other, as the carousel does).
 */

/** An image to preload, for the viewports `media` matches (all when absent). */
export interface PreloadImage {
  href: string;
  media?: string;
}

const PRODUCT_PATH = /^\/product\/(\d{1,15})(?:\/|$)/;
/** The home carousel's breakpoint (DESKTOP_QUERY in apps/web features/home). */
const DESKTOP = '(min-width: 768px)';
const PHONE = `not all and ${DESKTOP}`;

async function productImage(db: Database, id: number): Promise<PreloadImage[]> {
  const [row] = await db
    .select({ thumbnail: items.thumbnail_image, image: itemImages.directus_files_id })
    .from(items)
    .leftJoin(itemImages, eq(itemImages.item_id, items.id))
    .where(and(eq(items.id, id), isNull(items.archived_at)))
    .orderBy(asc(itemImages.sort), asc(itemImages.id))
    .limit(1);
  const href = row ? assetUrl(row.image ?? row.thumbnail) : null;
  return href ? [{ href }] : [];
}

async function firstBannerImages(db: Database): Promise<PreloadImage[]> {
  const [sale] = await listActiveSales(db);
  const [banner] = sale
    ? [sale]
    : await db.select().from(banners).where(eq(banners.isactive, true)).orderBy(asc(banners.banner_id)).limit(1);
  if (!banner) return [];
  const mobile = assetUrl(banner.banner_image_mobile ?? banner.banner_image);
  const laptop = assetUrl(banner.banner_image_laptop ?? banner.banner_image);
  const onPhone = mobile ?? laptop;
  const onDesktop = laptop ?? mobile;
  const images: PreloadImage[] = [];
  if (onPhone) images.push({ href: onPhone, media: PHONE });
  if (onDesktop) images.push({ href: onDesktop, media: DESKTOP });
  return images;
}

/** The images a page opens on, or none when the address alone does not tell. */
export async function largestImagesOf(db: Database, path: string): Promise<PreloadImage[]> {
  if (path === '/') return firstBannerImages(db);
  const match = PRODUCT_PATH.exec(path);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? productImage(db, id) : [];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The page with a high-priority preload of each image, just before </head>. */
export function withImagePreloads(html: string, images: readonly PreloadImage[]): string {
  const links = images
    .map(({ href, media }) => `<link rel="preload" as="image" href="${escapeAttribute(href)}"${media ? ` media="${escapeAttribute(media)}"` : ''} fetchpriority="high">`)
    .join('\n    ');
  return html.includes('</head>') ? html.replace('</head>', `    ${links}\n  </head>`) : `${links}${html}`;
}
