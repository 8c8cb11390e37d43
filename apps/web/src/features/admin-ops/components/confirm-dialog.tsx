import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import { DialogNotice, ModalDialog } from '../../../components/ui/modal-dialog';

export interface ConfirmNotice {
  text: string;
  tone: 'success' | 'warning' | 'error';
}

/**
 * Every saving or destructive action of the console asks first (spec 3 §2, §5 'All admin actions').
 * The dialog stays open while the call runs (its button says so) and shows a refusal inside it, since
 * the page's toasts sit behind a modal's backdrop (docs/decisions/0026); the caller closes it on success.
 */
export function ConfirmDialog({
  title,
  confirmLabel,
  busyLabel,
  busy,
  notice,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  notice: ConfirmNotice | null;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      title={title}
      onClose={onClose}
      busy={busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={onConfirm} disabled={busy}>
            {busy ? busyLabel : confirmLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-ink">{children}</div>
      <DialogNotice notice={notice} />
    </ModalDialog>
  );
}
