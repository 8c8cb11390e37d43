import { useInfiniteQuery } from '@tanstack/react-query';
import { formatOrderDate, formatStoreTime } from '@ssd/shared/dates';
import type { AuditEntry } from '@ssd/shared/admin-content';
import { Button } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { auditLogQueryOptions } from '../api/audit';
import { AdminHeader } from '../components/admin-states';
import { ListStates } from '../components/query-states';
import { changedFields, valueText } from '../lib/audit-diff';

export const AUDIT_TEXT = {
  title: 'Audit log',
  failed: 'Failed to get the audit log',
  loadMore: 'Load more',
  loadingMore: 'Loading…',
  unknownActor: 'Unknown account',
  changes: (count: number) => (count === 1 ? 'Show 1 changed field' : `Show ${count} changed fields`),
  noChanges: 'No field changed.',
} as const;

/** When, in India time like every date of the store: "Tue, 3rd Jan '25, 4:05:09 pm". */
const whenText = (iso: string) => `${formatOrderDate(iso)}, ${formatStoreTime(iso, { seconds: true })}`;

/** The fields an entry changed, before → after, folded away until staff open them. */
function EntryChanges({ entry }: { entry: AuditEntry }) {
  const changes = changedFields(entry.before, entry.after);
  if (changes.length === 0) return <span className="text-muted">{AUDIT_TEXT.noChanges}</span>;
  return (
    <details>
      <summary className="cursor-pointer font-semibold text-maroon-700">{AUDIT_TEXT.changes(changes.length)}</summary>
      <table className="mt-2 w-full text-xs">
        <caption className="sr-only">Changes of entry {entry.id}</caption>
        <thead>
          <tr>
            <th scope="col" className="pr-2 text-left">Field</th>
            <th scope="col" className="pr-2 text-left">Before</th>
            <th scope="col" className="text-left">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} className="align-top">
              <th scope="row" className="pr-2 text-left font-mono">{change.field}</th>
              <td className="pr-2 break-all text-red-800">{valueText(change.before)}</td>
              <td className="break-all text-green-800">{valueText(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * /admin/audit: every admin write, newest first (issue 11: who, what, when, before and after). Pages of
 * AUDIT_PAGE_SIZE with Load more; each entry's change is shown as the fields it changed.
 */
export function AuditLogScreen() {
  useDocumentTitle(AUDIT_TEXT.title);
  const query = useInfiniteQuery(auditLogQueryOptions());
  const rows = query.data?.pages.flat();
  return (
    <section>
      <AdminHeader title={AUDIT_TEXT.title} />
      <ListStates query={{ data: rows, error: query.error, isPending: query.isPending, refetch: query.refetch }} failedTitle={AUDIT_TEXT.failed}>
        {(entries) => (
          <div className="flex flex-col gap-3">
            <div className="overflow-x-auto rounded-2xl border border-maroon-100 bg-white">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">{AUDIT_TEXT.title}</caption>
                <thead className="bg-maroon-50 text-maroon-800">
                  <tr>
                    <th scope="col" className="px-3 py-2">When</th>
                    <th scope="col" className="px-3 py-2">Who</th>
                    <th scope="col" className="px-3 py-2">What</th>
                    <th scope="col" className="px-3 py-2">Changes</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-maroon-100">
                  {entries.map((entry) => (
                    <tr key={entry.id} className="align-top">
                      <td className="px-3 py-2 whitespace-nowrap">
                        <time dateTime={entry.created_at}>{whenText(entry.created_at)}</time>
                      </td>
                      <td className="px-3 py-2">{entry.actor_email ?? AUDIT_TEXT.unknownActor}</td>
                      <td className="px-3 py-2">
                        <span className="font-mono">{entry.action}</span>
                        <span className="block text-xs text-muted">
                          {entry.entity} {entry.entity_id}
                        </span>
                      </td>
                      <td className="px-3 py-2">
                        <EntryChanges entry={entry} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            {query.hasNextPage ? (
              <Button variant="secondary" className="self-start" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {query.isFetchingNextPage ? AUDIT_TEXT.loadingMore : AUDIT_TEXT.loadMore}
              </Button>
            ) : null}
          </div>
        )}
      </ListStates>
    </section>
  );
}
