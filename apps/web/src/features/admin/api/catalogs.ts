import { queryOptions } from '@tanstack/react-query';
import { adminCatalogListSchema, adminCatalogSchema, type CatalogAddInput, type CatalogUpdateInput } from '@ssd/shared/admin-content';
import { adminGet, adminWrite, retryNetworkOnce } from './admin-call';
import { adminKeys } from './keys';

/** GET /api/admin/catalog/list (spec 3 §7); also fills the product form's catalog choices and the list's filter. */
export function catalogListQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.catalogList(),
    queryFn: ({ signal }) => adminGet('/api/admin/catalog/list', adminCatalogListSchema, { signal, ignoreLoginNeeded: true }),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

/** GET /api/admin/catalog/detail?title= */
export function catalogQueryOptions(title: string) {
  return queryOptions({
    queryKey: adminKeys.catalog(title),
    queryFn: ({ signal }) => adminGet('/api/admin/catalog/detail', adminCatalogSchema, { signal, query: { title } }),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export const addCatalog = (fields: CatalogAddInput) => adminWrite('POST', '/api/admin/catalog/add', fields);
/** Renaming keeps the catalog's products attached (the server cascades the title). */
export const updateCatalog = (fields: CatalogUpdateInput) => adminWrite('PATCH', '/api/admin/catalog/update', fields);
export const deleteCatalog = (title: string) => adminWrite('DELETE', '/api/admin/catalog/delete', { title });
