import { useState } from 'react';
import { useNewArrivals } from '../api/get-new-arrivals';
import { ProductRow } from './product-row';

const PILLS = [
  { label: 'All', value: 'all' },
  { label: 'Fabrics', value: 'fabrics' },
  { label: 'Jewel', value: 'jewel' },
] as const;
type Pill = (typeof PILLS)[number]['value'];

/** New Arrivals (spec 2 home): the 15 newest items, narrowed by the pills All, Fabrics, Jewel. */
export function NewArrivals() {
  const arrivals = useNewArrivals();
  const [pill, setPill] = useState<Pill>('all');
  const items = arrivals.data?.filter((item) => pill === 'all' || item.shop.toLowerCase() === pill);
  const toolbar = (
    <div role="group" aria-label="Filter new arrivals" className="flex gap-2">
      {PILLS.map((entry) => (
        <button
          key={entry.value}
          type="button"
          aria-pressed={pill === entry.value}
          onClick={() => setPill(entry.value)}
          className="rounded-full border border-maroon-200 px-4 py-1.5 text-sm font-semibold text-maroon-800 hover:bg-maroon-50 aria-pressed:border-maroon-700 aria-pressed:bg-maroon-700 aria-pressed:text-white"
        >
          {entry.label}
        </button>
      ))}
    </div>
  );
  return (
    <ProductRow
      id="new-arrivals"
      title="New Arrivals"
      items={items}
      isPending={arrivals.isPending}
      isError={arrivals.isError}
      onRetry={() => void arrivals.refetch()}
      emptyText="No new arrivals yet."
      toolbar={toolbar}
    />
  );
}
