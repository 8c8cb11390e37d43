import { Headset, Mail, MessageCircleMore } from 'lucide-react';
import type { SocialNetwork } from '../../lib/contact-config';
import { SOCIAL_ICONS } from '../../components/ui/brand-icons';

export type FooterIconName = SocialNetwork | 'support' | 'messaging' | 'mail';

const CONTACT_ICONS = { support: Headset, messaging: MessageCircleMore, mail: Mail };

/** The footer's decorative icons (./footer-content.tsx, which loads when the footer comes near the viewport). */
export function FooterIcon({ name, className }: { name: FooterIconName; className: string }) {
  const Icon = name in SOCIAL_ICONS ? SOCIAL_ICONS[name as SocialNetwork] : CONTACT_ICONS[name as keyof typeof CONTACT_ICONS];
  return <Icon aria-hidden="true" className={className} />;
}
