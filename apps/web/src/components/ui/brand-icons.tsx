import type { JSX, SVGProps } from 'react';
import type { SocialNetwork } from '../../lib/contact-config';

/**
 * Brand marks drawn as simple outline icons (lucide-react no longer ships brand logos).
 * Decorative: the link or button around them carries the accessible name.
 */
type IconProps = SVGProps<SVGSVGElement>;

function Outline({ children, ...props }: IconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export function WhatsAppIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M3.5 20.5l1.3-4.1A8.5 8.5 0 1 1 8 19.4z" />
      <path d="M9 8.6c.2-.5.5-.6.8-.6h.5l.9 2-.6.9c.5 1 1.3 1.8 2.3 2.3l.9-.6 2 .9v.5c0 .3-.1.6-.6.8-.8.4-2.2.2-3.8-1.1-1.6-1.3-2.6-3-2.6-3.9 0-.5.1-.9.2-1.2z" />
    </Outline>
  );
}

export function InstagramIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <rect x="3" y="3" width="18" height="18" rx="5" />
      <circle cx="12" cy="12" r="4" />
      <path d="M17.5 6.5h.01" />
    </Outline>
  );
}

export function FacebookIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6.5v3.5H9V21h3.5v-7.5H15l.5-3.5h-3V7a1 1 0 0 1 1-1H15z" />
    </Outline>
  );
}

export function YouTubeIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <rect x="2.5" y="5" width="19" height="14" rx="4" />
      <path d="M10 9.5v5l4.5-2.5z" />
    </Outline>
  );
}

export const SOCIAL_ICONS: Record<SocialNetwork, (props: IconProps) => JSX.Element> = {
  instagram: InstagramIcon,
  facebook: FacebookIcon,
  youtube: YouTubeIcon,
};
