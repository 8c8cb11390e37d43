import type { JSX } from 'react';
import type { SocialNetwork } from '../../lib/contact-config';
import { OutlineIcon, type OutlineIconProps } from './outline-icon';

/*
 * The social networks' marks, drawn like the messaging one (./whatsapp-icon.tsx), which is
 * re-exported so that a screen showing both takes them from one place.
 */
export { WhatsAppIcon } from './whatsapp-icon';

export function InstagramIcon(props: OutlineIconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </OutlineIcon>
  );
}

export function FacebookIcon(props: OutlineIconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
    </OutlineIcon>
  );
}

export function YouTubeIcon(props: OutlineIconProps) {
  return (
    <OutlineIcon {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="M10 9.5v5l4.5-2.5z" />
    </OutlineIcon>
  );
}

export const SOCIAL_ICONS: Record<SocialNetwork, (props: OutlineIconProps) => JSX.Element> = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  youtube: YouTubeIcon,
};
