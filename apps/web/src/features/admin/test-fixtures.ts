import type { AdminBanner, AdminCatalog, AdminProduct, AdminProductDetailRow } from '@ssd/shared/admin-content';
import type { TestSession } from '../../test/session-seed';
import { shopper } from '../../test/store-stub';

/* Answers of the admin content calls in the shapes of @ssd/shared/admin-content, for the console's tests. */

export const admin: TestSession = { ...shopper, userName: 'Admin', userEmail: 'admin@example.com', userRole: 'ssd_admin' };

const WHEN = '2026-01-03T10:00:00.000Z';

export function banner(n: number, overrides: Partial<AdminBanner> = {}): AdminBanner {
  return {
    banner_id: n,
    title: `Banner ${n}`,
    banner_image: `https://img.example.com/banner-${n}.jpg`,
    banner_image_mobile: null,
    banner_image_laptop: null,
    link: null,
    isactive: true,
    created_on: WHEN,
    updated_on: WHEN,
    ...overrides,
  };
}

export function catalog(n: number, overrides: Partial<AdminCatalog> = {}): AdminCatalog {
  return { id: n, title: `Catalog ${n}`, image: `https://img.example.com/c-${n}.jpg`, priority: n, product_count: 2, created_on: WHEN, updated_on: WHEN, ...overrides };
}

export function product(n: number, overrides: Partial<AdminProduct> = {}): AdminProduct {
  return {
    id: n,
    title: `Product ${n}`,
    thumbnail_image: `https://img.example.com/p-${n}.jpg`,
    shop: 'fabrics',
    catalog: 'Catalog 1',
    market_price: 1200,
    price: 999.5,
    quantity: 4,
    archived_at: null,
    created_on: WHEN,
    updated_on: WHEN,
    ...overrides,
  };
}

/** The detail read's rows: one per tag, then one per image (spec 3 §3). */
export function productRows(n: number, tags: string[], images: [url: string, title: string | null][]): AdminProductDetailRow[] {
  const base = { ...product(n), description: 'Soft > Light', size_description: null, rating: null };
  const none = { tag_id: null, tag_title: null, image_id: null, image_url: null, image_title: null };
  const rows: AdminProductDetailRow[] = [
    ...tags.map((tag, i) => ({ ...base, ...none, tag_id: i + 1, tag_title: tag })),
    ...images.map(([url, title], i) => ({ ...base, ...none, image_id: 100 + i, image_url: url, image_title: title })),
  ];
  return rows.length ? rows : [{ ...base, ...none }];
}
