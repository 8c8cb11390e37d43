import { Link } from 'react-router';
import { STORE_NAME } from '@ssd/shared/constants';
import { EMAIL_CONTACT } from '../../../lib/contact-config';
import { SCREENS } from '../../../lib/paths';
import { PolicyList, PolicyPage, PolicySection } from '../components/policy-page';

export function TermsScreen() {
  return (
    <PolicyPage
      title="Terms & Conditions"
      summary={`These terms apply when you browse or buy from ${STORE_NAME}. By placing an order you agree to them.`}
    >
      <PolicySection title="Who we are">
        <p>
          {STORE_NAME} is an online store based in India selling fabrics (sarees, suits and lehengas) and jewellery
          (necklaces, earrings and bracelets). We sell to customers with a delivery address in India.
        </p>
      </PolicySection>

      <PolicySection title="Your account">
        <PolicyList
          items={[
            'You need an account to keep a cart and wishlist, place orders and track them.',
            'Give us your real name and an e-mail address you use; we send order updates there.',
            'Keep your password to yourself. You are responsible for orders placed from your account.',
            'We may suspend an account that is used for fraud or abuse of the store or other customers.',
          ]}
        />
      </PolicySection>

      <PolicySection title="Products and pictures">
        <p>
          We photograph every piece in daylight and describe fabric, work and size as accurately as we can. Handloom
          and hand-finished pieces vary slightly in weave, colour and motif from one piece to the next, and screens
          show colours differently; such small differences are the nature of the craft, not a defect.
        </p>
      </PolicySection>

      <PolicySection title="Prices and payment">
        <PolicyList
          items={[
            'Prices are in Indian rupees (₹). GST, delivery charges and any platform fee are shown separately at checkout before you pay.',
            'The price you pay is the one shown when you confirm the order. If a price was listed wrongly we will contact you before dispatch and refund you in full if you do not want the item at the correct price.',
            'Online payments are processed by our payment partner over a secure connection. We never see or store your full card details.',
          ]}
        />
      </PolicySection>

      <PolicySection title="Orders and stock">
        <p>
          Items in your cart are not reserved. When you proceed to checkout we hold the items for a short time while
          you pay; if payment does not complete in that time the hold is released. An order is confirmed once
          payment succeeds, and we send you a confirmation by e-mail. We may cancel an order if an item turns out to
          be damaged or unavailable; any amount paid is then refunded in full.
        </p>
      </PolicySection>

      <PolicySection title="Delivery, returns and refunds">
        <p>
          Delivery is covered by our <Link to={SCREENS.shipping.path} className="font-semibold text-maroon-700 underline">Shipping Policy</Link>,
          returns and refunds by our{' '}
          <Link to={SCREENS.returns.path} className="font-semibold text-maroon-700 underline">
            Return &amp; Refund Guidelines
          </Link>
          . How we handle your data is described in our{' '}
          <Link to={SCREENS.privacy.path} className="font-semibold text-maroon-700 underline">
            Privacy Policy
          </Link>
          .
        </p>
      </PolicySection>

      <PolicySection title="Reviews and content">
        <p>
          Reviews must be honest and about the product you bought. We may remove reviews that are abusive, contain
          personal information or are unrelated to the product. Pictures, text and designs on this site belong to{' '}
          {STORE_NAME} or its suppliers and may not be copied for commercial use.
        </p>
      </PolicySection>

      <PolicySection title="Liability and law">
        <p>
          Nothing in these terms limits your rights as a consumer under Indian law, including the Consumer Protection
          Act, 2019 and the Consumer Protection (E-Commerce) Rules, 2020. These terms are governed by the laws of
          India.
        </p>
      </PolicySection>

      <PolicySection title="Questions and grievances">
        <p>
          Write to us at <a href={EMAIL_CONTACT.link} className="font-semibold text-maroon-700 underline">{EMAIL_CONTACT.value}</a>.
          We acknowledge complaints within 48 hours and aim to resolve them within one month, as the e-commerce rules
          require.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
