import { STORE_NAME } from '@ssd/shared/constants';
import { EMAIL_CONTACT } from '../../../lib/contact-config';
import { PolicyList, PolicyPage, PolicySection } from '../components/policy-page';

export function ReturnsScreen() {
  return (
    <PolicyPage
      title="Return & Refund Guidelines"
      summary="Returns are accepted within 7 days from delivery. Once we accept a return, we process it in 1-3 business days."
    >
      <PolicySection title="Return window">
        <p>
          You can request a return within <strong>7 days from delivery</strong>, from the order&apos;s page under My
          Orders or by writing to us. After 7 days we can no longer accept a return.
        </p>
      </PolicySection>

      <PolicySection title="What can be returned">
        <PolicyList
          items={[
            'Items that arrived damaged or defective, or that differ from what you ordered.',
            'Items you have changed your mind about, if they are unused, unwashed and unaltered, with all tags, packaging and any certificate or invoice they came with.',
          ]}
        />
      </PolicySection>

      <PolicySection title="What cannot be returned">
        <PolicyList
          items={[
            'Fabrics that have been cut, stitched, altered or washed, including sarees with fall and pico done at your request.',
            'Earrings and nose pins, for hygiene reasons, unless they arrived damaged.',
            'Items sold as final sale, where the product page says so.',
          ]}
        />
      </PolicySection>

      <PolicySection title="How a return works">
        <PolicyList
          items={[
            'Request the return within 7 days from delivery and tell us the reason.',
            'We review the request and, when we accept it, arrange a pickup or share the address to send the item to.',
            'When the item reaches us we check it, and process the return in 1-3 business days.',
          ]}
        />
      </PolicySection>

      <PolicySection title="Refunds">
        <p>
          Once the return is processed, the refund is issued to your original payment method. Your bank or card
          issuer may take a further 5-7 business days to show it. For cash-on-delivery orders we refund to a bank
          account or UPI ID you give us. Delivery charges are refunded when the item was damaged, defective or wrong.
        </p>
      </PolicySection>

      <PolicySection title="Need help?">
        <p>
          Write to{' '}
          <a href={EMAIL_CONTACT.link} className="font-semibold text-maroon-700 underline">
            {EMAIL_CONTACT.value}
          </a>{' '}
          with your order number and, for a damaged item, photos or the unboxing video. {STORE_NAME} will get back to
          you within one business day.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
