import { infiniteQueryOptions } from '@tanstack/react-query';
import { auditListSchema, type AuditEntry } from '@ssd/shared/admin-content';
import { adminGet, retryNetworkOnce } from './admin-call';
import { adminKeys } from './keys';

/** Rows per page of the audit log (and Load more's step). */
export const AUDIT_PAGE_SIZE = 20;

/**
 * GET /api/admin/audit?limit=&offset=: the admin writes, newest first, a page at a time. The API sends
 * no total, so a full page means there may be more (Load more), a shorter one means the end.
 */
export function auditLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: [...adminKeys.all, 'audit'] as const,
    queryFn: ({ signal, pageParam }) =>
      adminGet('/api/admin/audit', auditListSchema, { signal, query: { limit: AUDIT_PAGE_SIZE, offset: pageParam }, ignoreLoginNeeded: true }),
    initialPageParam: 0,
    getNextPageParam: (last: AuditEntry[], pages: AuditEntry[][]) => (last.length < AUDIT_PAGE_SIZE ? undefined : pages.length * AUDIT_PAGE_SIZE),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}
