import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { ADMIN_OPS_TEXT } from '../lib/texts';

/** What the states need of a read: a query's or an infinite query's result. */
type ReadState<T> =
  | { isPending: true; isError: false; data: undefined; error: null; refetch: () => unknown }
  | { isPending: false; isError: true; data: T | undefined; error: Error; refetch: () => unknown }
  | { isPending: false; isError: false; data: T; error: null; refetch: () => unknown };

/**
 * The four states every console screen has (spec 3 §2): loading, an error with Try Again, no data,
 * and the data. `isEmpty` decides what counts as no data for this read.
 */
export function QueryStates<T>({
  query,
  loadingLabel,
  emptyText,
  isEmpty,
  children,
}: {
  query: ReadState<T>;
  loadingLabel: string;
  emptyText: string;
  isEmpty: (data: T) => boolean;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          {loadingLabel}
        </p>
        <Skeleton className="h-64 w-full rounded-2xl" />
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col items-center gap-3 py-8 text-center">
        <p role="alert" className="text-ink">
          {query.error.message}
        </p>
        <Button onClick={() => void query.refetch()}>{ADMIN_OPS_TEXT.tryAgain}</Button>
      </div>
    );
  }
  if (isEmpty(query.data)) return <p className="py-8 text-center text-muted">{emptyText}</p>;
  return <>{children(query.data)}</>;
}
