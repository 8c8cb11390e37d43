import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** A banner slide's link: in-app paths through the router, others as plain links, none as a box. */
export function SlideLink({ href, className, children, label }: { href: string | null; className: string; children: ReactNode; label: string }) {
  if (!href) return <div className={className}>{children}</div>;
  if (href.startsWith('/')) {
    return (
      <Link to={href} className={className} aria-label={label}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={className} aria-label={label}>
      {children}
    </a>
  );
}
