import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, buttonClasses } from '../../../components/ui/button';

/**
 * The question every saving or destructive admin action asks first (spec 3 §5), on the native modal
 * <dialog> as the order screens' popups (docs/decisions/0026: Radix injects a <style> our CSP refuses).
 * Mounted only while open; Cancel has the focus first, so Enter never confirms a deletion by accident;
 * Escape cancels unless the call is under way.
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

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    cancelRef.current?.focus();
    return () => {
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

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
