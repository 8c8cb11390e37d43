import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { Button, buttonClasses } from './button';

/**
 * A modal question with Cancel and a confirming action, on the native <dialog> (Escape, focus kept
 * inside, the backdrop), as the Buy Now overlay: Radix's AlertDialog locks scrolling with an
 * injected <style>, which the CSP (style-src 'self') refuses. Mounted only while open; Cancel has
 * the focus first, so Enter does not confirm a deletion by accident. The address book and the admin
 * console's saves and deletions ask with it.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  onConfirm,
  onCancel,
}: {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useModalDialog(ref, cancelRef);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-4 p-5">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
        <div className="flex flex-wrap justify-end gap-3">
          <button ref={cancelRef} type="button" onClick={onCancel} disabled={busy} className={buttonClasses('ghost')}>
            Cancel
          </button>
          <Button onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
