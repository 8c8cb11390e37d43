import { useId, useState, type FormEvent } from 'react';
import { SUPPORT_DIALOG_FULLSCREEN_MAX_PX } from '@ssd/shared/constants';
import { ORDERS_MESSAGES, SUPPORT_MESSAGE_MAX_LENGTH, supportRequestSchema } from '@ssd/shared/orders';
import {
  DEFAULT_SUPPORT_ISSUE_TYPE,
  SUPPORT_ISSUE_LABELS,
  SUPPORT_ISSUE_TYPES,
  SUPPORT_STATUS_LABELS,
  type SupportIssueType,
} from '@ssd/shared/support';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { describeFailure, isLoginNeeded } from '../../../lib/failure-message';
import { useMediaQuery } from '../../../lib/use-media-query';
import { useCreateSupportRequest } from '../api/create-support-request';
import { useSupportRequests } from '../api/get-support-requests';
import { useSessionEnded } from '../hooks/use-session-ended';
import { ORDERS_TEXT } from '../lib/texts';
import { DialogNotice, ModalDialog } from '../../../components/ui/modal-dialog';
import { PreviousRequests } from './previous-requests';

type Notice = { text: string; tone: 'success' | 'warning' | 'error' };

const FIELD = 'w-full rounded-lg border border-maroon-200 bg-white px-3 py-2 text-sm text-ink focus:border-maroon-500 focus:outline-none';

/**
 * The Order Support dialog (spec 3 §2, §4, §5): one request per order. While the order has none, the
 * issue type (Delivery first) and a description, sent trimmed; once it has one, the form gives way to
 * that request's status. Below, the order's previous requests. Full-screen at 768 px or narrower.
 */
export function SupportDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const fullScreen = useMediaQuery(`(max-width: ${SUPPORT_DIALOG_FULLSCREEN_MAX_PX}px)`);
  const requests = useSupportRequests(orderId);
  const create = useCreateSupportRequest(orderId);
  const sessionEnded = useSessionEnded();
  const formId = useId();
  const [issueType, setIssueType] = useState<SupportIssueType>(DEFAULT_SUPPORT_ISSUE_TYPE);
  const [message, setMessage] = useState('');
  const [notice, setNotice] = useState<Notice | null>(null);

  // Newest first: with one request per order, the first is the order's request.
  const existing = requests.data?.[0];
  // Unknown while the list loads; if it cannot be read the form stays, and the server refuses a second request.
  const showForm = !requests.isPending && !existing;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = supportRequestSchema.safeParse({ order_id: orderId, issue_type: issueType, message });
    if (!checked.success) {
      setNotice({ text: checked.error.issues[0]?.message ?? ORDERS_MESSAGES.describeIssue, tone: 'warning' });
      return;
    }
    setNotice(null);
    create.mutate(checked.data, {
      onSuccess: () => {
        setMessage('');
        setNotice({ text: ORDERS_MESSAGES.supportCreated, tone: 'success' });
      },
      onError: (error) => {
        if (isLoginNeeded(error)) {
          sessionEnded(ORDERS_MESSAGES.supportLogin);
          return;
        }
        const { message: text, warning } = describeFailure(error, { fallback: ORDERS_MESSAGES.supportFailed });
        setNotice({ text, tone: warning ? 'warning' : 'error' });
      },
    });
  };

  return (
    <ModalDialog
      title={ORDERS_TEXT.orderSupport}
      subtitle={`Order ID: ${orderId}`}
      onClose={onClose}
      busy={create.isPending}
      fullScreen={fullScreen}
      footer={
        <>
          <button type="button" onClick={onClose} disabled={create.isPending} className={buttonClasses('ghost')}>
            {ORDERS_TEXT.close}
          </button>
          {showForm ? (
            <Button type="submit" form={formId} disabled={create.isPending} aria-busy={create.isPending || undefined}>
              {create.isPending ? ORDERS_TEXT.submitting : ORDERS_TEXT.submit}
            </Button>
          ) : null}
        </>
      }
    >
      <DialogNotice notice={notice} />
      {requests.isPending ? (
        <Skeleton className="h-32 w-full" />
      ) : existing ? (
        <div className="rounded-xl border border-maroon-100 bg-maroon-50/50 p-4 text-sm">
          <p className="text-ink">{ORDERS_MESSAGES.supportExists}</p>
          <p className="mt-1 font-semibold text-ink">Status: {SUPPORT_STATUS_LABELS[existing.status]}</p>
        </div>
      ) : (
        <form id={formId} noValidate onSubmit={onSubmit} aria-label="New support request" className="flex flex-col gap-4">
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Issue type
            <select
              value={issueType}
              onChange={(event) => setIssueType(event.target.value as SupportIssueType)}
              disabled={create.isPending}
              className={FIELD}
            >
              {SUPPORT_ISSUE_TYPES.map((type) => (
                <option key={type} value={type}>
                  {SUPPORT_ISSUE_LABELS[type]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium text-ink">
            Description
            <textarea
              value={message}
              onChange={(event) => setMessage(event.target.value)}
              placeholder={ORDERS_TEXT.supportPlaceholder}
              maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
              rows={5}
              readOnly={create.isPending}
              className={`${FIELD} resize-y`}
            />
          </label>
        </form>
      )}
      <PreviousRequests query={requests} />
    </ModalDialog>
  );
}
