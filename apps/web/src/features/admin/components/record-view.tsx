import type { ReactNode } from 'react';
import { CARD } from './form-parts';

/** A record's fields as label and value pairs (the detail screens). */
export function RecordView({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className={`${CARD} grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]`}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-semibold text-maroon-800">{label}</dt>
          <dd className="min-w-0 break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
