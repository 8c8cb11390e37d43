import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { SupportRequestRecord } from '@ssd/shared/orders';
import { SUPPORT_ISSUE_LABELS, SUPPORT_STATUS_LABELS } from '@ssd/shared/support';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { createdTimeText, ORDERS_TEXT } from '../lib/texts';

/**
 * The order's support requests (spec 3 §2): type, status, message and when it was raised, newest first;
 * with the store's reply once staff answered (the admin console's support queue).
 */
export function PreviousRequests({ query }: { query: UseQueryResult<SupportRequestRecord[]> }) {
  const headingId = useId();
  let body;
  if (query.isPending) {
    body = <Skeleton className="h-16 w-full" />;
  } else if (query.isError) {
    body = (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p role="alert" className="text-red-700">
          {query.error.message}
        </p>
        <Button variant="secondary" onClick={() => void query.refetch()} className="px-4 py-1.5">
          {ORDERS_TEXT.tryAgain}
        </Button>
      </div>
    );
  } else if (query.data.length === 0) {
    body = <p className="text-sm text-muted">{ORDERS_TEXT.noPreviousRequests}</p>;
  } else {
    body = (
      <ul className="flex flex-col divide-y divide-maroon-100 rounded-xl border border-maroon-100">
        {query.data.map((request) => (
          <li key={request.id} className="flex flex-col gap-1 px-4 py-3 text-sm">
            <p className="flex flex-wrap items-baseline justify-between gap-2">
              <span className="font-semibold text-ink">{SUPPORT_ISSUE_LABELS[request.issue_type]}</span>
              <span className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold text-gold-700">
                {SUPPORT_STATUS_LABELS[request.status]}
              </span>
            </p>
            <p className="break-words whitespace-pre-line text-ink">{request.message}</p>
            <time dateTime={request.created_at} className="text-xs text-muted">
              {createdTimeText(request.created_at)}
            </time>
            {request.staff_reply ? (
              <div className="mt-1 rounded-lg bg-maroon-50 px-3 py-2">
                <p className="text-xs font-semibold text-maroon-800">{ORDERS_TEXT.staffReply}</p>
                <p className="break-words whitespace-pre-line text-ink">{request.staff_reply}</p>
                {request.replied_at ? (
                  <time dateTime={request.replied_at} className="text-xs text-muted">
                    {createdTimeText(request.replied_at)}
                  </time>
                ) : null}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-2">
      <h3 id={headingId} className="text-base font-semibold text-ink">
        {ORDERS_TEXT.previousRequests}
      </h3>
      {body}
    </section>
  );
}
