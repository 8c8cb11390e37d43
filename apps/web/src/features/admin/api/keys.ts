import { userKeys } from '../../../lib/api/session-keys';
import { catalogKeys, itemKeys, productKeys } from '../../../lib/api/storefront-keys';

/*
 * Keys of the admin console's reads (docs/decisions/0022). Under the user's root, so the session drops
 * them when it ends: a later visitor of the same tab never sees the console's data.
 */
export const adminKeys = {
  all: [...userKeys.all, 'admin'] as const,
  banners: () => [...adminKeys.all, 'banners'] as const,
  bannerList: () => [...adminKeys.banners(), 'list'] as const,
  banner: (id: number) => [...adminKeys.banners(), 'detail', id] as const,
  catalogs: () => [...adminKeys.all, 'catalogs'] as const,
  catalogList: () => [...adminKeys.catalogs(), 'list'] as const,
  catalog: (title: string) => [...adminKeys.catalogs(), 'detail', title] as const,
  products: () => [...adminKeys.all, 'products'] as const,
  /** The pages of one products list: its filter, its first page (as the route opened it) and Load more's page size. */
  productList: (type: string, catalog: string, firstOffset: number, firstLimit: number, pageSize: number) =>
    [...adminKeys.products(), 'list', type, catalog, firstOffset, firstLimit, pageSize] as const,
  product: (id: number) => [...adminKeys.products(), 'detail', id] as const,
};

/**
 * What this tab shows of the storefront and an admin write can change: every content read (items,
 * catalogs, banners: all under 'content') and every product page. The server drops its own copies
 * after each write; these make this tab read afresh too.
 */
export const STOREFRONT_ROOTS = [[itemKeys.all[0]], catalogKeys.all, productKeys.all] as const;
