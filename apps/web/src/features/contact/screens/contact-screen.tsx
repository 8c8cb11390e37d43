import { Mail, Phone } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { SOCIAL_ICONS, WhatsAppIcon } from '../../../components/ui/brand-icons';
import { CALL_CONTACT, EMAIL_CONTACT, MESSAGING_CONTACT, visibleSocialLinks } from '../../../lib/contact-config';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { ContactForm } from '../components/contact-form';

/** Contact (spec 1 §2): direct buttons, follow-us links and a form that opens the visitor's mail app. */
export function ContactScreen() {
  useDocumentTitle('Contact');
  const socials = visibleSocialLinks();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="heading-page">Contact us</h1>
      <p className="mt-3 max-w-2xl text-muted">
        Questions about a fabric, a jewellery size or an order? Message, call or write to us; we usually reply within
        one working day.
      </p>

      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_1.4fr]">
        <div className="space-y-8">
          <section aria-labelledby="reach-us-heading">
            <h2 id="reach-us-heading" className="heading-section">
              Reach us directly
            </h2>
            <ul className="mt-4 flex flex-col gap-3">
              {MESSAGING_CONTACT.hidden ? null : (
                <li>
                  <a
                    href={MESSAGING_CONTACT.link}
                    target="_blank"
                    rel="noopener noreferrer"
                    className={buttonClasses('primary', 'w-full justify-start')}
                  >
                    <WhatsAppIcon className="size-5" />
                    {MESSAGING_CONTACT.title}: {MESSAGING_CONTACT.value}
                  </a>
                </li>
              )}
              {CALL_CONTACT.hidden ? null : (
                <li>
                  <a href={CALL_CONTACT.link} className={buttonClasses('secondary', 'w-full justify-start')}>
                    <Phone aria-hidden="true" className="size-5" />
                    {CALL_CONTACT.title}: {CALL_CONTACT.value}
                  </a>
                </li>
              )}
              {EMAIL_CONTACT.hidden ? null : (
                <li>
                  <a href={EMAIL_CONTACT.link} className={buttonClasses('secondary', 'w-full justify-start')}>
                    <Mail aria-hidden="true" className="size-5" />
                    {EMAIL_CONTACT.title}: {EMAIL_CONTACT.value}
                  </a>
                </li>
              )}
            </ul>
          </section>

          {socials.length > 0 ? (
            <section aria-labelledby="follow-us-heading">
              <h2 id="follow-us-heading" className="heading-section">
                Follow us
              </h2>
              <ul className="mt-4 flex gap-3">
                {socials.map((social) => {
                  const Icon = SOCIAL_ICONS[social.network];
                  return (
                    <li key={social.network}>
                      <a
                        href={social.link}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="inline-flex items-center gap-2 rounded-full border border-maroon-200 bg-white px-4 py-2 text-sm font-semibold text-maroon-700 hover:bg-maroon-50"
                      >
                        <Icon className="size-5" />
                        {social.title}
                      </a>
                    </li>
                  );
                })}
              </ul>
            </section>
          ) : null}
        </div>

        <div className="rounded-2xl border border-maroon-100 bg-white p-5 shadow-sm sm:p-8">
          <ContactForm />
        </div>
      </div>
    </div>
  );
}
