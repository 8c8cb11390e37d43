import { useSearchParams } from 'react-router';
import { SUPPORT_STATUS_LABELS, SUPPORT_STATUSES, type SupportStatus } from '@ssd/shared/support';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useSupportQueue } from '../api/get-support-queue';
import { QueryStates } from '../components/query-states';
import { SupportRequestCard } from '../components/support-request-card';
import { ADMIN_OPS_TEXT } from '../lib/texts';

const SELECT = 'mt-1 block rounded-lg border border-maroon-200 bg-white px-3 py-2.5 text-ink focus:border-maroon-600 focus:outline-none';

function readStatus(params: URLSearchParams): SupportStatus | undefined {
  const value = params.get('status');
  return (SUPPORT_STATUSES as readonly string[]).includes(value ?? '') ? (value as SupportStatus) : undefined;
}

/**
 * /admin/support: support requests across all orders, oldest first, so the longest waiting is answered
 * first. By default the queue (open and in progress); ?status= shows the requests of one status.
 */
export function SupportQueueScreen() {
  useDocumentTitle(ADMIN_OPS_TEXT.support);
  const [params, setParams] = useSearchParams();
  const status = readStatus(params);
  const query = useSupportQueue(status);

  return (
    <section className="flex flex-col gap-4">
      <h1 className="font-serif text-2xl font-semibold text-maroon-800">{ADMIN_OPS_TEXT.support}</h1>
      <label className="text-sm font-semibold text-ink">
        Show
        <select
          value={status ?? ''}
          onChange={(event) => setParams(event.target.value ? { status: event.target.value } : {})}
          className={SELECT}
        >
          <option value="">Open and in progress</option>
          {SUPPORT_STATUSES.map((value) => (
            <option key={value} value={value}>
              {SUPPORT_STATUS_LABELS[value]}
            </option>
          ))}
        </select>
      </label>
      <QueryStates
        query={query}
        loadingLabel={ADMIN_OPS_TEXT.loadingSupport}
        emptyText={status ? ADMIN_OPS_TEXT.noSupportOfStatus(SUPPORT_STATUS_LABELS[status]) : ADMIN_OPS_TEXT.noSupport}
        isEmpty={(data) => data.pages.every((page) => page.requests.length === 0)}
      >
        {(data) => (
          <>
            <ul aria-label="Support requests" className="flex flex-col gap-3">
              {data.pages
                .flatMap((page) => page.requests)
                .map((request) => (
                  // Keyed by the last change too: a saved answer resets the card's form to what the server holds.
                  <SupportRequestCard key={`${request.id}-${request.updated_at}`} request={request} />
                ))}
            </ul>
            {query.hasNextPage ? (
              <Button variant="secondary" className="self-center" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? ADMIN_OPS_TEXT.loadingMore : ADMIN_OPS_TEXT.loadMore}
              </Button>
            ) : null}
          </>
        )}
      </QueryStates>
    </section>
  );
}
