import type { ReactNode } from 'react';

export interface AmountRow {
  label: string;
  value: ReactNode;
  /** The total at the bottom: bold, above a rule. */
  total?: boolean;
  className?: string;
}

/** A summary of amounts as a description list, label on the left and amount on the right (the checkout steps, the order details). */
export function AmountRows({ rows }: { rows: readonly AmountRow[] }) {
  return (
    <dl className="flex flex-col gap-2 text-sm">
      {rows.map((row) => (
        <div
          key={row.label}
          className={`flex items-baseline justify-between gap-4 ${row.total ? 'mt-1 border-t border-maroon-100 pt-3 text-base font-semibold' : ''}`}
        >
          <dt className={row.total ? 'text-ink' : 'text-muted'}>{row.label}</dt>
          <dd className={`text-right tabular-nums ${row.className ?? 'text-ink'}`}>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}
