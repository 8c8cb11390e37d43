import { useEffect, useRef, type KeyboardEvent, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';
/** The reply buttons and links carry this attribute; focus goes to the first one when they change. */
export const REPLY_ATTRIBUTE = 'data-chat-reply';

/**
 * Focus in the chat dialog. It opens with focus on the first reply and gives focus back to what opened
 * it (the footer's Support Chat) when it closes. When the replies change (a chosen one disappears), focus
 * moves to the first new one, or to the dialog while a call is under way, unless the shopper had moved
 * on to the page meanwhile. Escape closes it. Full screen (`modal`), Tab stays inside and the page
 * behind does not scroll; as a floating window the page stays usable around it.
 */
export function useChatFocus({
  panel,
  repliesKey,
  modal,
  onClose,
}: {
  panel: RefObject<HTMLElement | null>;
  /** Changes whenever the replies offered change. */
  repliesKey: string;
  modal: boolean;
  onClose: () => void;
}) {
  const opened = useRef(false);

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => {
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  useEffect(() => {
    const node = panel.current;
    if (!node) return;
    const active = document.activeElement;
    const focusWasHere = active === null || active === document.body || node.contains(active);
    if (opened.current && !focusWasHere) return;
    opened.current = true;
    (node.querySelector<HTMLElement>(`[${REPLY_ATTRIBUTE}]`) ?? node).focus();
  }, [panel, repliesKey]);

  useEffect(() => {
    if (!modal) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [modal]);

  return (event: KeyboardEvent<HTMLElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onClose();
      return;
    }
    if (!modal || event.key !== 'Tab') return;
    // The handler sits on the dialog itself.
    const node = event.currentTarget;
    const focusable = [...node.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === node)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };
}
