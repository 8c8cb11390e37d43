import {
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  ADMIN_PRODUCT_TYPES,
  ADMIN_PRODUCTS_MAX_LIMIT,
  ALL_CATALOGS,
  type AdminProductType,
} from '@ssd/shared/admin-content-messages';

/** What the admin-products route names (spec 3 §2): type (default all), catalog (default all), limit (10), offset (0). */
export interface ProductsRoute {
  type: AdminProductType;
  catalog: string;
  limit: number;
  offset: number;
}

export function isProductType(value: string | undefined): value is AdminProductType {
  return (ADMIN_PRODUCT_TYPES as readonly (string | undefined)[]).includes(value);
}

function wholeNumber(value: string | null, min: number, max: number, fallback: number): number {
  if (!value || !/^\d{1,7}$/.test(value)) return fallback;
  const number = Number(value);
  return number >= min && number <= max ? number : fallback;
}

/** Reads the route; a value out of range falls back to its default. An unknown type is null (the screen leaves it). */
export function readProductsRoute(typeParam: string | undefined, search: URLSearchParams): ProductsRoute | null {
  const type = typeParam ?? 'all';
  if (!isProductType(type)) return null;
  return {
    type,
    catalog: search.get('catalog')?.trim() || ALL_CATALOGS,
    limit: wholeNumber(search.get('limit'), 1, ADMIN_PRODUCTS_MAX_LIMIT, ADMIN_DEFAULT_PAGE_SIZE),
    offset: wholeNumber(search.get('offset'), 0, 1_000_000, 0),
  };
}

/** The address of a products list. */
export function productsListPath({ type, catalog, limit, offset }: ProductsRoute): string {
  const query = new URLSearchParams({ catalog, limit: String(limit), offset: String(offset) });
  return `/admin/products/${type}?${query}`;
}

/** Load more's page size as the route opened: its limit when that is one of the sizes, else the default. */
export function initialPageSize(limit: number): number {
  return (ADMIN_PAGE_SIZES as readonly number[]).includes(limit) ? limit : ADMIN_DEFAULT_PAGE_SIZE;
}
