import { createElement, type SVGProps } from 'react';
import type { IconNode } from 'lucide';
import { OutlineIcon } from './outline-icon';

/**
 * A Lucide icon drawn from its shapes alone (the `lucide` package's data), for the few icons every first
 * load draws — the navbar's and the profile button's. lucide-react's runtime (its icon factory, context
 * and helpers) then stays out of the entry, which has no room to spare under `/`'s page-weight budget
 * (bench/page-weight.ts, decisions/0055). The element is the one lucide-react draws (24 px, the same
 * stroke, `lucide lucide-{name}` classes), hidden from assistive technology unless labelled.
 */
export function FirstLoadIcon({ icon, name, className, ...props }: { icon: IconNode; name: string } & SVGProps<SVGSVGElement>) {
  const labelled = props['aria-label'] !== undefined || props['aria-labelledby'] !== undefined || props.role !== undefined;
  return (
    <OutlineIcon
      width={24}
      height={24}
      className={className ? `lucide lucide-${name} ${className}` : `lucide lucide-${name}`}
      aria-hidden={labelled ? undefined : 'true'}
      {...props}
    >
      {icon.map(([tag, attrs], index) => createElement(tag, { key: index, ...attrs }))}
    </OutlineIcon>
  );
}
