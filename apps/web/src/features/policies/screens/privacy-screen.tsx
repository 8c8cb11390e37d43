import { STORE_NAME } from '@ssd/shared/constants';
import { EMAIL_CONTACT } from '../../../lib/contact-config';
import { PolicyList, PolicyPage, PolicySection } from '../components/policy-page';

export function PrivacyScreen() {
  return (
    <PolicyPage
      title="Privacy Policy"
      summary={`What personal data ${STORE_NAME} collects, why, and the choices you have.`}
    >
      <PolicySection title="What we collect">
        <PolicyList
          items={[
            'Account details: your name, e-mail address and password (stored only as a secure hash). If you sign in with Google we receive your name and e-mail address from Google.',
            'Order details: the items you buy, your delivery address and phone number, and the status of each order.',
            'Payment details: the payment reference and status from our payment partner. Card, UPI and bank details are handled by the payment partner and never reach us.',
            'Your cart, wishlist, reviews and support requests.',
          ]}
        />
      </PolicySection>

      <PolicySection title="Why we use it">
        <PolicyList
          items={[
            'To run your account, take payment, deliver your orders and handle returns.',
            'To send you messages about your orders and your account, such as confirmations and one-time codes.',
            'To answer you when you contact us, and to prevent fraud and misuse of the store.',
            'To meet our legal duties, for example keeping invoices for tax purposes.',
          ]}
        />
        <p>We do not sell your personal data and we do not send you marketing messages you did not ask for.</p>
      </PolicySection>

      <PolicySection title="Who we share it with">
        <p>
          Only with the partners who help us serve you: our payment partner, courier partners (your name, address and
          phone number, to deliver your parcel), our e-mail provider, and authorities when the law requires it.
        </p>
      </PolicySection>

      <PolicySection title="Cookies and storage">
        <p>
          We keep you signed in with a cookie and your browser&apos;s local storage, and remember your recent searches
          on your device. We do not use advertising or tracking cookies. Logging out clears what we stored on your
          device.
        </p>
      </PolicySection>

      <PolicySection title="How long we keep it">
        <p>
          We keep your account data while your account is open, and order and invoice records for as long as tax law
          requires. Data we no longer need is deleted.
        </p>
      </PolicySection>

      <PolicySection title="Your rights">
        <p>
          Under the Digital Personal Data Protection Act, 2023 you may ask to see the personal data we hold about you,
          correct it, or have it erased, and you may withdraw consent at any time. Write to{' '}
          <a href={EMAIL_CONTACT.link} className="font-semibold text-maroon-700 underline">
            {EMAIL_CONTACT.value}
          </a>{' '}
          and we will respond within 30 days.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
