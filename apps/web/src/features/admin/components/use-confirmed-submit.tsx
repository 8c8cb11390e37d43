import { useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

/**
 * A form's save asks first (spec 3 §5): submitting checks the fields (`check` returns the payload or
 * null, having shown the problems), then a dialog asks; Save runs `save` with the checked payload.
 */
export function useConfirmedSubmit<P>({
  check,
  save,
  title,
  confirmLabel,
}: {
  check: () => P | null;
  save: (payload: P) => Promise<unknown>;
  title: string;
  confirmLabel: string;
}) {
  const [pending, setPending] = useState<{ payload: P } | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const payload = check();
    if (payload !== null) setPending({ payload });
  };

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      await save(pending.payload);
    } catch {
      // The write's own failure toast has said why; the form keeps what was typed.
    } finally {
      setBusy(false);
      setPending(null);
    }
  };

  const dialog = pending ? (
    <ConfirmDialog title={title} confirmLabel={confirmLabel} busy={busy} onConfirm={() => void confirm()} onCancel={() => setPending(null)} />
  ) : null;

  return { onSubmit, dialog, busy };
}
