import { MESSAGING_CONTACT } from '../../lib/contact-config';
import { WhatsAppIcon } from '../../components/ui/whatsapp-icon';

/** The floating messaging-app button (spec 1 §2); the shell decides where it shows. */
export function FloatingMessagingButton() {
  if (MESSAGING_CONTACT.hidden) return null;
  return (
    <aside aria-label="Chat">
      <a
        href={MESSAGING_CONTACT.link}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={`Chat with us on ${MESSAGING_CONTACT.title}`}
        className="fixed right-4 bottom-20 z-30 inline-flex size-14 items-center justify-center rounded-full bg-emerald-700 text-white shadow-lg transition-transform hover:scale-105 md:right-6 md:bottom-6"
      >
        <WhatsAppIcon className="size-7" />
      </a>
    </aside>
  );
}
