import { useEffect, type RefObject } from 'react';

/**
 * Opens a native <dialog> as a modal while the component that renders it is mounted (our popups are
 * mounted only while open): Escape, focus kept inside and the page behind inert come with showModal.
 * The page behind does not scroll meanwhile, and on close the focus goes back to what opened it.
 * `initialFocus` takes the focus first (a confirmation's Cancel, so Enter does not confirm by accident).
 */
export function useModalDialog(dialogRef: RefObject<HTMLDialogElement | null>, initialFocus?: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // jsdom has no showModal.
    if (typeof dialog.showModal === 'function') {
      if (!dialog.open) dialog.showModal();
    } else {
      dialog.setAttribute('open', '');
    }
    initialFocus?.current?.focus();
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
      if (typeof dialog.close === 'function' && dialog.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
    // Once per mount: the refs are stable.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
