import { OutlineIcon, type OutlineIconProps } from './outline-icon';

/**
 * Brand marks drawn as simple outline icons (lucide-react no longer ships brand logos).
 * Decorative: the link or button around them carries the accessible name. The messaging mark is
 * on its own because the floating button shows it on every page; the social marks
 * (./brand-icons.tsx) load with the footer's icons and the contact page.
 */
export function WhatsAppIcon(props: OutlineIconProps) {
  return (
    <OutlineIcon {...props}>
      <path d="M3.5 20.5l1.3-4.1A8.5 8.5 0 1 1 8 19.4z" />
      <path d="M9 8.6c.2-.5.5-.6.8-.6h.5l.9 2-.6.9c.5 1 1.3 1.8 2.3 2.3l.9-.6 2 .9v.5c0 .3-.1.6-.6.8-.8.4-2.2.2-3.8-1.1-1.6-1.3-2.6-3-2.6-3.9 0-.5.1-.9.2-1.2z" />
    </OutlineIcon>
  );
}
