import { queryOptions, useQuery } from '@tanstack/react-query';
import { dashboardSchema, type Dashboard } from '@ssd/shared/admin-ops';
import { adminGet, retryNetworkOnce } from './admin-read';
import { adminOpsKeys } from './keys';

export const DASHBOARD_PATH = '/api/admin/dashboard';

/** GET /api/admin/dashboard: revenue per day (30 days), orders by status, top products, low stock. */
export function dashboardQueryOptions() {
  return queryOptions({
    queryKey: adminOpsKeys.dashboard(),
    queryFn: ({ signal }): Promise<Dashboard> => adminGet(DASHBOARD_PATH, dashboardSchema, signal),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
