import { queryOptions } from '@tanstack/react-query';
import { adminBannerListSchema, adminBannerSchema, type BannerAddInput, type BannerUpdateInput } from '@ssd/shared/admin-content';
import { adminGet, adminWrite, retryNetworkOnce } from './admin-call';
import { adminKeys } from './keys';

/** GET /api/admin/banner/list (spec 3 §7): every banner, active or not. */
export function bannerListQueryOptions() {
  return queryOptions({
    queryKey: adminKeys.bannerList(),
    queryFn: ({ signal }) => adminGet('/api/admin/banner/list', adminBannerListSchema, { signal, ignoreLoginNeeded: true }),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

/** GET /api/admin/banner/detail?id= */
export function bannerQueryOptions(id: number) {
  return queryOptions({
    queryKey: adminKeys.banner(id),
    queryFn: ({ signal }) => adminGet('/api/admin/banner/detail', adminBannerSchema, { signal, query: { id } }),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export const addBanner = (fields: BannerAddInput) => adminWrite('POST', '/api/admin/banner/add', fields);
export const updateBanner = (fields: BannerUpdateInput) => adminWrite('PATCH', '/api/admin/banner/update', fields);
export const deleteBanner = (bannerId: number) => adminWrite('DELETE', '/api/admin/banner/delete', { banner_id: bannerId });
