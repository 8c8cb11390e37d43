import type { SVGProps } from 'react';

export type OutlineIconProps = SVGProps<SVGSVGElement>;

/**
 * The frame of a 24-unit outline icon, as Lucide draws its own: no fill, a 2-unit round stroke in the
 * text's colour. Our brand marks (./whatsapp-icon.tsx, ./brand-icons.tsx) and the first load's Lucide
 * icons (./first-load-icon.tsx) draw inside it. Decorative unless given a label.
 */
export function OutlineIcon({ children, ...props }: OutlineIconProps) {
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
