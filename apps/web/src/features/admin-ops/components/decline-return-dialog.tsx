import { useId, useState } from 'react';
import { DECLINE_RETURN_ACTION_LABEL, declineReturnRequestSchema, RETURN_DECLINE_REASON_MAX_LENGTH } from '@ssd/shared/admin-ops';
import { ConfirmDialog, type ConfirmNotice } from './confirm-dialog';

/**
 * Declining a return request asks first, like every action of the console, and asks why: the reason
 * is mailed to the shopper and becomes staff's reply to the support request (docs/decisions/0036).
 * The reason is checked with the server's own rule before it is sent.
 */
export function DeclineReturnDialog({
  titles,
  busy,
  busyLabel,
  notice,
  onDecline,
  onClose,
}: {
  /** The items whose return is asked for. */
  titles: string[];
  busy: boolean;
  busyLabel: string;
  notice: ConfirmNotice | null;
  onDecline: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  function confirm() {
    const checked = declineReturnRequestSchema.safeParse({ reason });
    if (!checked.success) {
      setProblem(checked.error.issues[0]?.message ?? 'Please give a reason for declining.');
      return;
    }
    setProblem(null);
    onDecline(checked.data.reason);
  }

  return (
    <ConfirmDialog title={DECLINE_RETURN_ACTION_LABEL} confirmLabel={DECLINE_RETURN_ACTION_LABEL} busyLabel={busyLabel} busy={busy} notice={notice} onConfirm={confirm} onClose={onClose}>
      <p>
        Decline the return of {titles.join(', ')}? The items go back to delivered, and the shopper is sent an email with the reason, which also
        answers their support request.
      </p>
      <label htmlFor={fieldId} className="mt-3 block font-semibold">
        Reason
      </label>
      <textarea
        id={fieldId}
        className="mt-1 w-full rounded-lg border border-maroon-200 p-2"
        rows={3}
        maxLength={RETURN_DECLINE_REASON_MAX_LENGTH}
        placeholder="e.g. Outside the return policy; the item has been used."
        value={reason}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${fieldId}-problem` : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {problem ? (
        <p id={`${fieldId}-problem`} role="alert" className="mt-1 text-sm text-red-700">
          {problem}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
