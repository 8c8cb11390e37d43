import { useId, useRef, type ReactNode } from 'react';
import { useModalDialog } from './use-modal-dialog';
import { X } from 'lucide-react';

/**
 * Popups on the native modal <dialog> (the orders' item popup and Order Support, the admin console's
 * confirmations): Escape, focus kept inside and the page behind inert, as the Buy Now overlay and the
 * profile's confirmations do. Radix Dialog would lock scrolling with an injected <style>, which the CSP (style-src 'self') refuses
 * (docs/decisions/0026). Mounted only while open; focus returns to the opener on close.
 *
 * The page's toast stack stays behind the backdrop while a modal is open, so what concerns the open
 * popup is said inside it (`notice`).
 */
export function ModalDialog({
  title,
  subtitle,
  onClose,
  busy = false,
  fullScreen = false,
  footer,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  onClose: () => void;
  /** While a call is under way, Escape and the close icon wait for it. */
  busy?: boolean;
  fullScreen?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const subtitleId = useId();

  useModalDialog(ref);

  const size = fullScreen
    ? 'm-0 h-dvh max-h-none w-screen max-w-none rounded-none'
    : 'm-auto max-h-[calc(100dvh-2rem)] w-[min(34rem,calc(100vw-2rem))] rounded-2xl';

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      data-fullscreen={fullScreen || undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      className={`${size} flex-col bg-white p-0 text-ink shadow-xl backdrop:bg-black/50 open:flex`}
    >
      <div className="flex items-start justify-between gap-3 border-b border-maroon-100 px-5 py-4">
        <div className="min-w-0">
          <h2 id={titleId} className="heading-panel">
            {title}
          </h2>
          {subtitle ? (
            <p id={subtitleId} className="text-sm text-muted">
              {subtitle}
            </p>
          ) : null}
        </div>
        <button
          type="button"
          onClick={onClose}
          disabled={busy}
          aria-label={`Close ${title}`}
          className="-m-1 inline-flex size-9 shrink-0 items-center justify-center rounded-full hover:bg-maroon-50 disabled:opacity-40"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <div className="flex min-h-0 flex-1 flex-col gap-5 overflow-y-auto px-5 py-4">{children}</div>
      {footer ? <div className="flex flex-wrap justify-end gap-3 border-t border-maroon-100 px-5 py-3">{footer}</div> : null}
    </dialog>
  );
}

/** What the popup says about its own call: a warning or failure as an alert, a success as a status. */
export function DialogNotice({ notice }: { notice: { text: string; tone: 'success' | 'warning' | 'error' } | null }) {
  if (!notice) return null;
  if (notice.tone === 'success') {
    return (
      <p role="status" className="rounded-lg bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
        {notice.text}
      </p>
    );
  }
  return (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
      {notice.text}
    </p>
  );
}
