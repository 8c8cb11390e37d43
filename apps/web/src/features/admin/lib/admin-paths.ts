import type { AdminDetailType } from '@ssd/shared/admin-content-messages';
import { MAX_INT_ID } from '@ssd/shared/input';

/*
 * The console's addresses (spec 3 §2): banner-detail takes ?id, catalog-detail ?category (the
 * catalog's title), products-detail ?id.
 */
export const ADMIN_PATHS = {
  banners: '/admin',
  catalogs: '/admin/catalog',
  products: '/admin/products',
} as const;

export function bannerPath(type: AdminDetailType, id?: number): string {
  return id === undefined ? `/admin/banner/${type}` : `/admin/banner/${type}?id=${id}`;
}

export function catalogPath(type: AdminDetailType, title?: string): string {
  return title === undefined ? `/admin/catalog/${type}` : `/admin/catalog/${type}?${new URLSearchParams({ category: title })}`;
}

export function productPath(type: AdminDetailType, id?: number): string {
  return id === undefined ? `/admin/product/${type}` : `/admin/product/${type}?id=${id}`;
}

/** A positive whole id from the address (?id=), or null when it cannot name a record. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id >= 1 && id <= MAX_INT_ID ? id : null;
}
