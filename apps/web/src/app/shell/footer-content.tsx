import { lazy, Suspense, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { STORE_NAME } from '@ssd/shared/constants';
import { CLEAR_OF_BOTTOM_BAR } from '../../lib/bottom-bar-space';
import { EMAIL_CONTACT, MESSAGING_CONTACT, visibleSocialLinks } from '../../lib/contact-config';
import { SCREENS, type ScreenKey } from '../../lib/paths';
import { WhatsAppIcon } from '../../components/ui/whatsapp-icon';
import { FooterIcon } from './footer-icons';

/** The support chat loads on its first opening: none of it is in the first load of a page. */
const SupportChat = lazy(() => import('../../features/support-chat/support-chat'));

/** 'Check out this' (spec 1 §2): the footer's Jewel entry links to /jewel, as the spec says. */
const CHECK_OUT: readonly { label: string; screen: ScreenKey }[] = [
  { label: 'Fabrics', screen: 'fabrics' },
  { label: 'Jewel', screen: 'jewel' },
];

const POLICIES: readonly { label: string; screen: ScreenKey }[] = [
  { label: 'Terms & Conditions', screen: 'terms' },
  { label: 'Privacy Policy', screen: 'privacy' },
  { label: 'Shipping Policy', screen: 'shipping' },
  { label: 'Return & Refund Guidelines', screen: 'returns' },
];

const HEADING = 'font-serif text-base font-semibold text-gold-200';
const LINK = 'rounded text-sm text-maroon-50 hover:text-white hover:underline';

function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h2 className={HEADING}>{title}</h2>
      <div className="mt-3">{children}</div>
    </div>
  );
}

/**
 * What the footer holds (spec 1 §2): its blocks, the copyright line and the support chat. ./footer.tsx
 * loads it when the footer comes near the viewport; it is below the fold of most pages, so none of it
 * is in their first load.
 */
export default function FooterContent({ showMessagingIcon }: { showMessagingIcon: boolean }) {
  const checkOut = CHECK_OUT.filter((entry) => SCREENS[entry.screen].live);
  const socials = visibleSocialLinks();
  const year = new Date().getFullYear();
  const [chatOpen, setChatOpen] = useState(false);

  return (
    <>
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        {checkOut.length > 0 ? (
          <Block title="Check out this">
            <ul className="space-y-2">
              {checkOut.map((entry) => (
                <li key={entry.screen}>
                  <Link to={SCREENS[entry.screen].path} className={LINK}>
                    {entry.label}
                  </Link>
                </li>
              ))}
            </ul>
          </Block>
        ) : null}

        <Block title="Reach Us On">
          <ul className="flex flex-wrap items-center gap-3">
            {showMessagingIcon && !MESSAGING_CONTACT.hidden ? (
              <li>
                <a
                  href={MESSAGING_CONTACT.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={MESSAGING_CONTACT.title}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-maroon-800 text-maroon-50 hover:bg-maroon-700"
                >
                  <WhatsAppIcon className="size-5" />
                </a>
              </li>
            ) : null}
            {socials.map((social) => (
              <li key={social.network}>
                <a
                  href={social.link}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={social.title}
                  className="inline-flex size-10 items-center justify-center rounded-full bg-maroon-800 text-maroon-50 hover:bg-maroon-700"
                >
                  <FooterIcon name={social.network} className="size-5" />
                </a>
              </li>
            ))}
          </ul>
        </Block>

        <Block title="Customer Care">
          <ul className="space-y-2">
            <li>
              <button type="button" onClick={() => setChatOpen(true)} className={`${LINK} inline-flex items-center gap-2`}>
                <FooterIcon name="support" className="size-4" />
                Support Chat
              </button>
            </li>
            {MESSAGING_CONTACT.hidden ? null : (
              <li>
                <a href={MESSAGING_CONTACT.link} target="_blank" rel="noopener noreferrer" className={`${LINK} inline-flex items-center gap-2`}>
                  <FooterIcon name="messaging" className="size-4" />
                  {MESSAGING_CONTACT.title}: {MESSAGING_CONTACT.value}
                </a>
              </li>
            )}
            {EMAIL_CONTACT.hidden ? null : (
              <li>
                <a href={EMAIL_CONTACT.link} className={`${LINK} inline-flex items-center gap-2`}>
                  <FooterIcon name="mail" className="size-4" />
                  {EMAIL_CONTACT.value}
                </a>
              </li>
            )}
          </ul>
        </Block>

        <Block title="Policies">
          <ul className="space-y-2">
            {POLICIES.map((entry) => (
              <li key={entry.screen}>
                <Link to={SCREENS[entry.screen].path} className={LINK}>
                  {entry.label}
                </Link>
              </li>
            ))}
          </ul>
        </Block>
      </div>
      {/* On phones the fixed bottom bar would cover the © line: the footer ends with the bar's room. */}
      <div className={`border-t border-maroon-800 ${CLEAR_OF_BOTTOM_BAR} md:pb-0`}>
        <p className="mx-auto max-w-7xl px-4 py-4 text-center text-xs text-maroon-100 sm:px-6">
          © {year} {STORE_NAME}
        </p>
      </div>
      {chatOpen ? (
        <Suspense>
          <SupportChat onClose={() => setChatOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
