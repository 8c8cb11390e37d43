import { STORE_NAME } from '@ssd/shared/constants';
import { EMAIL_CONTACT } from '../../../lib/contact-config';
import { PolicyList, PolicyPage, PolicySection } from '../components/policy-page';

export function ShippingScreen() {
  return (
    <PolicyPage title="Shipping Policy" summary={`How and when ${STORE_NAME} delivers your order.`}>
      <PolicySection title="Where we deliver">
        <p>
          We deliver to serviceable PIN codes across India through trusted courier partners. We do not ship outside
          India at present.
        </p>
      </PolicySection>

      <PolicySection title="When your order leaves us">
        <PolicyList
          items={[
            'Orders are packed and dispatched within 1-3 business days of confirmation.',
            'Pieces that need finishing (fall and pico, blouse stitching) may take a few extra days; the product page says so.',
            'Orders are not dispatched on Sundays and public holidays.',
          ]}
        />
      </PolicySection>

      <PolicySection title="How long delivery takes">
        <PolicyList
          items={[
            'Metro cities: usually 3-5 business days after dispatch.',
            'Rest of India: usually 5-8 business days after dispatch.',
            'Remote areas, including parts of the North-East, Jammu & Kashmir and the islands, may take longer.',
          ]}
        />
      </PolicySection>

      <PolicySection title="Charges">
        <p>
          Any delivery charge is shown at checkout before you pay, together with GST and any platform fee. There are
          no hidden charges at the door.
        </p>
      </PolicySection>

      <PolicySection title="Tracking your order">
        <p>
          You can follow each order&apos;s status (confirmed, packed, shipped, out for delivery, delivered) under My
          Orders, and we e-mail you when it ships.
        </p>
      </PolicySection>

      <PolicySection title="Receiving your parcel">
        <p>
          Every parcel is sealed. Please do not accept a parcel whose seal is broken or that looks tampered with, and
          record a short unboxing video when you open it: it helps us settle any claim quickly. If something is
          missing or damaged, write to{' '}
          <a href={EMAIL_CONTACT.link} className="font-semibold text-maroon-700 underline">
            {EMAIL_CONTACT.value}
          </a>{' '}
          within 48 hours of delivery.
        </p>
      </PolicySection>
    </PolicyPage>
  );
}
