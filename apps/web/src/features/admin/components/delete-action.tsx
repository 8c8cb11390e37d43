import { useState } from 'react';
import { Trash2 } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * A Delete button that asks first (spec 3 §5): the dialog names what goes; `onDelete` runs the call
 * and settles when it is done, and the dialog closes then (success or not: the toast says which).
 */
export function DeleteAction({
  what,
  name,
  onDelete,
  compact = false,
}: {
  /** 'banner', 'catalog', 'product'. */
  what: string;
  /** The record's title, as the admin knows it. */
  name: string;
  onDelete: () => Promise<unknown>;
  compact?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onDelete();
    } catch {
      // The write's own failure toast has said why.
    } finally {
      setBusy(false);
      setOpen(false);
    }
  };
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={compact ? `Delete ${name}` : undefined}
        className={buttonClasses('secondary', compact ? 'px-3 py-1.5' : '')}
      >
        <Trash2 aria-hidden="true" className="size-4" />
        {compact ? null : 'Delete'}
      </button>
      {open ? (
        <ConfirmDialog
          title={`Delete ${what}?`}
          confirmLabel="Delete"
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setOpen(false)}
        >
          <p>
            “{name}” will be deleted. This cannot be undone from here.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
