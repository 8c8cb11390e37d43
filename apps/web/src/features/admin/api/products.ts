import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import type { AdminProductType } from '@ssd/shared/admin-content-messages';
import {
  adminProductDetailSchema,
  adminProductListSchema,
  type AdminProduct,
  type ProductAddInput,
  type ProductUpdateInput,
} from '@ssd/shared/admin-content';
import { adminGet, adminWrite, retryNetworkOnce } from './admin-call';
import { adminKeys } from './keys';

export interface PageParam {
  offset: number;
  limit: number;
}

/**
 * GET /api/admin/products/{type}?catalog&limit&offset (spec 3 §4, §7). The first page is the one the
 * route names (after Load more its limit is every row loaded so far, offset 0); Load more asks for
 * `pageSize` more. Another page is offered only while the last one came back full.
 */
export function productListQueryOptions(type: AdminProductType, catalog: string, first: PageParam, pageSize: number) {
  return infiniteQueryOptions({
    queryKey: adminKeys.productList(type, catalog, first.offset, first.limit, pageSize),
    initialPageParam: first,
    queryFn: ({ pageParam, signal }): Promise<AdminProduct[]> =>
      adminGet(`/api/admin/products/${type}`, adminProductListSchema, {
        signal,
        query: { catalog, limit: pageParam.limit, offset: pageParam.offset },
        ignoreLoginNeeded: true,
      }),
    getNextPageParam: (lastPage, _pages, last): PageParam | undefined =>
      lastPage.length >= last.limit ? { offset: last.offset + lastPage.length, limit: pageSize } : undefined,
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

/** GET /api/admin/product/detail?id=: one row per tag or image (see ../lib/product-detail.ts). */
export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.product(id),
    queryFn: ({ signal }) => adminGet('/api/admin/product/detail', adminProductDetailSchema, { signal, query: { id } }),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export const addProduct = (fields: ProductAddInput) => adminWrite('POST', '/api/admin/product/add', fields);
export const updateProduct = (fields: ProductUpdateInput) => adminWrite('PATCH', '/api/admin/product/update', fields);
export const deleteProduct = (id: number) => adminWrite('DELETE', '/api/admin/product/delete', { id });
