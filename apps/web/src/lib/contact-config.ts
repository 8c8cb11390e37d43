/**
 * The store's public contact details (spec 1 §3: contact entries and social links, each with
 * title, link, value and hidden). The spec deliberately leaves the values out; these are ours.
 * Replace them here and every screen that shows a contact (footer, contact page, floating
 * button) follows.
 */
export interface ContactEntry {
  /** What the entry is, e.g. 'WhatsApp'. */
  readonly title: string;
  /** Where it leads: https:, tel: or mailto:. */
  readonly link: string;
  /** What a visitor reads, e.g. the number or the address. */
  readonly value: string;
  readonly hidden: boolean;
}

const PHONE_DIGITS = '919876543210';
const PHONE_DISPLAY = '+91 98765 43210';

/** The shop's e-mail address; the contact form opens the visitor's mail app addressed to it. */
export const STORE_EMAIL = 'care@ssdstore.example';

export const MESSAGING_CONTACT: ContactEntry = {
  title: 'WhatsApp',
  link: `https://wa.me/${PHONE_DIGITS}`,
  value: PHONE_DISPLAY,
  hidden: false,
};

export const CALL_CONTACT: ContactEntry = {
  title: 'Call',
  link: `tel:+${PHONE_DIGITS}`,
  value: PHONE_DISPLAY,
  hidden: false,
};

export const EMAIL_CONTACT: ContactEntry = {
  title: 'E-mail',
  link: `mailto:${STORE_EMAIL}`,
  value: STORE_EMAIL,
  hidden: false,
};

export type SocialNetwork = 'instagram' | 'facebook' | 'youtube';

export interface SocialLink extends ContactEntry {
  readonly network: SocialNetwork;
}

/** Three social networks; the third is hidden (spec 1 §2, footer 'Reach Us On'). */
export const SOCIAL_LINKS: readonly SocialLink[] = [
  {
    network: 'instagram',
    title: 'Instagram',
    link: 'https://www.instagram.com/ssdstore',
    value: '@ssdstore',
    hidden: false,
  },
  {
    network: 'facebook',
    title: 'Facebook',
    link: 'https://www.facebook.com/ssdstore',
    value: 'ssdstore',
    hidden: false,
  },
  {
    network: 'youtube',
    title: 'YouTube',
    link: 'https://www.youtube.com/@ssdstore',
    value: '@ssdstore',
    hidden: true,
  },
];

export function visibleSocialLinks(): SocialLink[] {
  return SOCIAL_LINKS.filter((entry) => !entry.hidden);
}
