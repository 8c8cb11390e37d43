import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { supportUpdateRequestSchema, STAFF_REPLY_MAX_LENGTH, type AdminSupportRequest } from '@ssd/shared/admin-ops';
import { SUPPORT_ISSUE_LABELS, SUPPORT_STATUS_LABELS, SUPPORT_STATUSES, type SupportStatus } from '@ssd/shared/support';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { useToast } from '../../../components/ui/toast';
import { describeFailure } from '../../../lib/failure-message';
import { useUpdateSupportRequest, type SupportUpdateToSend } from '../api/update-support-request';
import { ADMIN_OPS_PATHS } from '../lib/admin-ops-paths';
import { ADMIN_OPS_TEXT, dateTimeText } from '../lib/texts';
import { ConfirmDialog, type ConfirmNotice } from './confirm-dialog';

const SELECT = 'mt-1 block w-full rounded-lg border border-maroon-200 bg-white px-3 py-2.5 text-ink focus:border-maroon-600 focus:outline-none';

/**
 * What the form would change: a reply only when it says something new, the status only when it moves.
 * Checked with the server's rules (supportUpdateRequestSchema): nothing to change, or a reply too long,
 * is refused here with the server's words.
 */
export function supportUpdateOf(request: AdminSupportRequest, reply: string, status: SupportStatus) {
  const body: { staff_reply?: string; status?: SupportStatus } = {};
  if (reply.trim() && reply.trim() !== (request.staff_reply ?? '')) body.staff_reply = reply;
  if (status !== request.status) body.status = status;
  return supportUpdateRequestSchema.safeParse(body);
}

/** One request of the queue: what the shopper wrote, staff's reply so far, and the form to answer it. */
export function SupportRequestCard({ request }: { request: AdminSupportRequest }) {
  const headingId = useId();
  const update = useUpdateSupportRequest(request.id);
  const { showToast } = useToast();
  const [reply, setReply] = useState(request.staff_reply ?? '');
  const [status, setStatus] = useState<SupportStatus>(request.status);
  const [problem, setProblem] = useState<string | null>(null);
  const [toSend, setToSend] = useState<SupportUpdateToSend | null>(null);
  const [notice, setNotice] = useState<ConfirmNotice | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = supportUpdateOf(request, reply, status);
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? null);
      return;
    }
    setProblem(null);
    setNotice(null);
    setToSend(checked.data);
  }

  function confirm() {
    if (!toSend || update.isPending) return;
    setNotice(null);
    update.mutate(toSend, {
      onSuccess: ({ message }) => {
        setToSend(null);
        if (message) showToast(message, 'success');
      },
      onError: (error) => {
        const { message, warning } = describeFailure(error);
        setNotice({ text: message, tone: warning ? 'warning' : 'error' });
      },
    });
  }

  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-maroon-100 bg-white p-4 text-sm">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-base font-semibold text-ink">
          {SUPPORT_ISSUE_LABELS[request.issue_type]}:{' '}
          <Link to={ADMIN_OPS_PATHS.order(request.order_id)} className="text-maroon-700 underline">
            {request.order_id}
          </Link>
        </h2>
        <span className="rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold text-gold-700">{SUPPORT_STATUS_LABELS[request.status]}</span>
      </div>
      <p className="text-muted">
        {request.customer_name}, {request.customer_email}, <time dateTime={request.created_at}>{dateTimeText(request.created_at)}</time>
      </p>
      <p className="break-words whitespace-pre-line text-ink">{request.message}</p>
      <form aria-label={`Answer request ${request.id}`} onSubmit={submit} noValidate className="flex flex-col gap-3">
        <TextField
          multiline
          label="Reply"
          name="staff_reply"
          rows={3}
          maxLength={STAFF_REPLY_MAX_LENGTH}
          value={reply}
          onChange={(event) => setReply(event.target.value)}
          error={problem}
        />
        <div className="flex flex-wrap items-end gap-3">
          <label className="text-sm font-semibold text-ink">
            Status
            <select name="status" value={status} onChange={(event) => setStatus(event.target.value as SupportStatus)} className={SELECT}>
              {SUPPORT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {SUPPORT_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" disabled={update.isPending}>
            Save
          </Button>
        </div>
      </form>
      {toSend ? (
        <ConfirmDialog
          title="Answer support request"
          confirmLabel="Save"
          busyLabel={ADMIN_OPS_TEXT.saving}
          busy={update.isPending}
          notice={notice}
          onConfirm={confirm}
          onClose={() => setToSend(null)}
        >
          <p>
            {toSend.staff_reply ? `Send this reply to ${request.customer_name}` : `Keep the reply as it is`}
            {toSend.status ? ` and set the status to ${SUPPORT_STATUS_LABELS[toSend.status]}?` : '?'} The shopper sees it under Previous
            requests.
          </p>
        </ConfirmDialog>
      ) : null}
    </li>
  );
}
