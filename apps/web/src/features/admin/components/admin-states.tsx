import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { describeFailure } from '../../../lib/failure-message';

/** The loading state of a list or detail screen (spec 3 §2). */
export function AdminLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-busy="true" className="flex items-center gap-3 rounded-2xl border border-maroon-100 bg-white p-6">
      <span aria-hidden="true" className="size-6 animate-spin rounded-full border-4 border-gold-200 border-t-maroon-700" />
      <span>{label}</span>
    </div>
  );
}

/**
 * The error state (spec 3 §2, §8): the screen's own text ('Failed to get banner list'), the server's
 * message under it when it sent one, and Try Again.
 */
export function AdminLoadFailed({ title, error, onRetry }: { title: string; error: unknown; onRetry: () => void }) {
  const { message } = describeFailure(error, { fallback: '' });
  return (
    <div role="alert" className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-6">
      <p className="font-semibold text-red-800">{title}</p>
      {message && message !== title ? <p className="text-sm text-red-800">{message}</p> : null}
      <Button variant="secondary" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** The no-data state: a list with no rows, a record that is not there. */
export function AdminNoData({ children }: { children: ReactNode }) {
  return <p className="rounded-2xl border border-maroon-100 bg-white p-6 text-muted">{children}</p>;
}

/** A screen's heading row: its title and its actions (Add, Update…). */
export function AdminHeader({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="font-serif text-2xl font-semibold text-maroon-800">{title}</h1>
      {children ? <div className="flex flex-wrap gap-2">{children}</div> : null}
    </div>
  );
}
