import { MESSAGING_CONTACT } from '../../lib/contact-config';
import { WhatsAppIcon } from '../../components/ui/whatsapp-icon';

/**
 * The floating messaging-app button (spec 1 §2); the shell decides where it shows. On phones it is a
 * narrow tab against the right edge, above the bottom bar: grids keep a 1.75rem gutter and card text
 * an inner padding there, so it never sits over a price or a card's buttons
 * (docs/decisions/0041-phone-floating-controls.md). From 768 px, the usual round button in the corner.
 * Its phone offset is the bottom bar's 4rem (src/lib/bottom-bar-space.ts) plus 1rem, written out here:
 * importing that module would put all of it in every page's first load. The storefront-layout e2e
 * checks the button stays above the bar.
 */
export function FloatingMessagingButton() {
  if (MESSAGING_CONTACT.hidden) return null;
  return (
    <aside aria-label="Chat">
      <a
        href={MESSAGING_CONTACT.link}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Chat with us on ${MESSAGING_CONTACT.title}`}
        className="fixed right-0 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-30 inline-flex h-12 w-7 items-center justify-center rounded-l-xl bg-emerald-700 text-white shadow-lg md:right-6 md:bottom-6 md:size-14 md:rounded-full"
      >
        <WhatsAppIcon className="size-5 md:size-7" />
      </a>
    </aside>
  );
}
