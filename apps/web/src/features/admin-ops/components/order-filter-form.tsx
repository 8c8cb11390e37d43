import { useState, type FormEvent } from 'react';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from '@ssd/shared/status';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { filterProblem, type OrderFilters } from '../lib/order-filters';

const SELECT =
  'mt-1 block w-full rounded-lg border border-maroon-200 bg-white px-3 py-2.5 text-ink focus:border-maroon-600 focus:outline-none';

/**
 * The orders list's filters: status (of the order or any of its items), a date range of India days and
 * a search by order id or email. Checked with the server's rules before they go into the address.
 */
export function OrderFilterForm({ filters, onApply }: { filters: OrderFilters; onApply: (filters: OrderFilters) => void }) {
  const [problem, setProblem] = useState<string | null>(null);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next: OrderFilters = {};
    for (const name of ['status', 'from', 'to', 'q'] as const) {
      const value = String(form.get(name) ?? '').trim();
      if (value) next[name] = value;
    }
    const found = filterProblem(next);
    setProblem(found);
    if (!found) onApply(next);
  }

  return (
    // Keyed by the address's filters, so Back and Clear show the filters in force.
    <form
      key={JSON.stringify(filters)}
      aria-label="Order filters"
      onSubmit={submit}
      noValidate
      className="grid gap-3 rounded-2xl border border-maroon-100 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
    >
      <label className="text-sm font-semibold text-ink">
        Status
        <select name="status" defaultValue={filters.status ?? ''} className={SELECT}>
          <option value="">Any status</option>
          {ORDER_STATUSES.map((status) => (
            <option key={status} value={status}>
              {ORDER_STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </label>
      <TextField label="From" name="from" type="date" defaultValue={filters.from ?? ''} />
      <TextField label="To" name="to" type="date" defaultValue={filters.to ?? ''} />
      <TextField label="Order id or email" name="q" type="search" maxLength={254} defaultValue={filters.q ?? ''} />
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2 lg:col-span-4">
          {problem}
        </p>
      ) : null}
      <div className="flex gap-3 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply filters</Button>
        <Button
          variant="secondary"
          onClick={() => {
            setProblem(null);
            onApply({});
          }}
        >
          Clear
        </Button>
      </div>
    </form>
  );
}
