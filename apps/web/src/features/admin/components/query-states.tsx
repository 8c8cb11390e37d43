import type { ReactNode } from 'react';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { isNoData } from '../lib/form-check';
import { useListLoginNeeded } from '../lib/use-list-failure';
import { AdminLoadFailed, AdminLoading, AdminNoData } from './admin-states';

/** What the states read of a query (a useQuery's or a useInfiniteQuery's, its pages flattened). */
interface QueryState<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  refetch: () => unknown;
}

/**
 * A detail read's states (spec 3 §2, §4): loading; a record that is not there, 'No related data
 * available'; another failure with its text (e.g. 'Failed to get banner data') and Try Again; the record.
 */
export function RecordStates<T>({
  query,
  failedTitle,
  children,
}: {
  query: QueryState<T>;
  failedTitle: string;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) return <AdminLoading />;
  if (query.error) {
    if (isNoData(query.error)) return <AdminNoData>{M.noRelatedData}</AdminNoData>;
    return <AdminLoadFailed title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  }
  return children(query.data as T);
}

/**
 * A list read's states: loading; a -2, which says the server's message and leads home (spec 3 §8);
 * another failure with its text and Try Again; no rows, 'No Data Available in tables'; the rows.
 */
export function ListStates<T>({
  query,
  failedTitle,
  children,
}: {
  query: QueryState<T[]>;
  failedTitle: string;
  children: (rows: T[]) => ReactNode;
}) {
  const loginNeeded = useListLoginNeeded(query.error);
  if (query.isPending || loginNeeded) return <AdminLoading />;
  if (query.error) return <AdminLoadFailed title={failedTitle} error={query.error} onRetry={() => void query.refetch()} />;
  const rows = query.data ?? [];
  if (rows.length === 0) return <AdminNoData>{M.noDataInTables}</AdminNoData>;
  return children(rows);
}
