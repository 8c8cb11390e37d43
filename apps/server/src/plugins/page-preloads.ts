import { and, asc, eq, isNull } from 'drizzle-orm';
import { assetUrl } from '@ssd/shared/assets';
import { PRODUCT_PAGE_FIELDS } from '@ssd/shared/content-fields';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';
import type { Database } from '../db/client';
import { banners, itemImages, items } from '../db/schema';
import { listActiveSales } from '../modules/sales/service';
import type { ChunkLink } from './route-chunks';

/**
 * What the SPA's HTML can tell the browser to fetch before the app's code has run, so that each
 * download starts with the HTML's instead of after the code (and the data) that would ask for it:
 * the page's screen chunks (route-chunks.ts), its first data read, and its largest image, when the
 * server knows them from the address alone.
 *
 * Images:
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

/**
 * The reads a page's first screen waits on, at exactly the addresses the client asks for, so that the
 * browser hands the preloaded answers to the page's fetch() calls:
 *
 * - A product page (/product/{id}/{title}) with an id the screen reads (features/product/lib/
 *   product-id.ts): its item, as features/product/api/get-product.ts asks through lib/content-client.ts
 *   (the same path, one `fields` parameter).
 * - Home: the banners (features/home/api/get-banners.ts) and the running sales (lib/api/
 *   get-active-sales.ts), which its first slide waits on. The sales are read through the product
 *   API, which sends a signed-in browser's tokens as headers; a preload is reused only for a request
 *   with the same headers, so a browser with the access-token cookie is not sent that one.
 */
const PRODUCT_PAGE = /^\/product\/(\d{1,15})\/[^/]+\/?$/i;
const HOME_BANNERS = '/content/items/banners';
const ACTIVE_SALES = '/api/home/sales/active';

export function firstReadsOf(path: string, { signedIn }: { signedIn: boolean }): string[] {
  if (path === '/') return signedIn ? [HOME_BANNERS] : [HOME_BANNERS, ACTIVE_SALES];
  const match = PRODUCT_PAGE.exec(path);
  const id = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(id) || id <= 0) return [];
  return [`/content/items/items/${id}?${new URLSearchParams({ fields: PRODUCT_PAGE_FIELDS })}`];
}

/** What a page's HTML preloads. */
export interface PagePreloads {
  /** Script chunks (module preloads), in the order they are named. */
  modules: readonly ChunkLink[];
  /** Same-origin reads the page's code makes with fetch(). */
  reads: readonly string[];
  images: readonly PreloadImage[];
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const hasPreloads = ({ modules, reads, images }: PagePreloads) => modules.length + reads.length + images.length > 0;

/**
 * The entry's tag as the web build writes it, with the address of the loader that starts it after the
 * first paint (apps/web vite.config.ts, src/start-after-paint.js).
 */
const ENTRY_WITH_LOADER = /<script type="module" crossorigin src="([^"]+)" data-after-paint="([^"]+)"><\/script>/;

/**
 * A server-rendered page (it carries the server's state, page-render.ts) loads its app after its first
 * paint (docs/decisions/0053): its tag names the loader, with the entry's address, instead of the
 * entry, so that nothing of the app competes with the page's style sheet, font and images before it
 * shows. The app shell, which shows nothing before its app runs, keeps the entry's own tag.
 * Null when the page keeps it.
 */
export function withAppAfterFirstPaint(html: string): string | null {
  if (!html.includes(`id="${SERVER_STATE_ELEMENT_ID}"`) || !ENTRY_WITH_LOADER.test(html)) return null;
  return html.replace(ENTRY_WITH_LOADER, (_tag, entry: string, loader: string) => `<script defer src="${loader}" data-entry="${entry}"></script>`);
}

/**
 * The page with its preloads just before </head>. `crossorigin` makes each request the one the page
 * makes later (a module script's and fetch()'s: CORS mode, same-origin credentials), so the browser
 * uses the preloaded answer instead of asking again. The screen's chunks go at low priority: they
 * are needed only once the entry has run, so they never hold back the entry script, the style
 * sheet, the font or the image, and still arrive before the entry asks for them. On a page whose app
 * starts after its first paint (withAppAfterFirstPaint) they wait in a <template>, which fetches
 * nothing, for the loader to add them with the entry.
 */
export function withPreloads(page: string, { modules, reads, images }: PagePreloads): string {
  const afterPaint = withAppAfterFirstPaint(page);
  const html = afterPaint ?? page;
  const moduleLinks = modules.map(
    ({ href, media }) =>
      `<link rel="modulepreload" crossorigin href="${escapeAttribute(href)}"${media ? ` media="${escapeAttribute(media)}"` : ''} fetchpriority="low">`,
  );
  const links = [
    ...images.map(
      ({ href, media }) => `<link rel="preload" as="image" href="${escapeAttribute(href)}"${media ? ` media="${escapeAttribute(media)}"` : ''} fetchpriority="high">`,
    ),
    ...reads.map((href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`),
    ...(afterPaint === null ? moduleLinks : moduleLinks.length ? [`<template data-after-paint>${moduleLinks.join('')}</template>`] : []),
  ].join('\n    ');
  // A function, so that a '$' in an address is never read as a replacement pattern.
  return html.includes('</head>') ? html.replace('</head>', () => `  ${links}\n  </head>`) : `${links}${html}`;
}
