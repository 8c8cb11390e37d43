import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_SUPPORT_PAGE_SIZE, adminSupportListSchema, type AdminSupportList } from '@ssd/shared/admin-ops';
import type { SupportStatus } from '@ssd/shared/support';
import { adminGet, retryNetworkOnce } from './admin-read';
import { adminOpsKeys } from './keys';

export const ADMIN_SUPPORT_PATH = '/api/admin/support';

/**
 * GET /api/admin/support?status=&limit=20&offset=n: requests across all orders, oldest first; without a
 * status the server answers the open and in-progress ones (the queue).
 */
export function supportQueueQueryOptions(status: SupportStatus | undefined) {
  return infiniteQueryOptions({
    queryKey: adminOpsKeys.supportList(status ?? 'queue'),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<AdminSupportList> =>
      adminGet(ADMIN_SUPPORT_PATH, adminSupportListSchema, signal, { status, limit: ADMIN_SUPPORT_PAGE_SIZE, offset: pageParam }),
    getNextPageParam: (lastPage: AdminSupportList, _pages: AdminSupportList[], lastOffset: number) => {
      const next = lastOffset + ADMIN_SUPPORT_PAGE_SIZE;
      return lastPage.requests.length >= ADMIN_SUPPORT_PAGE_SIZE && next < lastPage.total ? next : undefined;
    },
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useSupportQueue(status: SupportStatus | undefined) {
  return useInfiniteQuery(supportQueueQueryOptions(status));
}
