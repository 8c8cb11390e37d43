import { useEffect, useRef } from 'react';
import { X } from 'lucide-react';

const CHIP = 'inline-flex items-center rounded-full border text-xs font-medium text-ink';

/**
 * The chips above a listing: 'Sorted by' (not removable: there is always a sort) and one per
 * applied filter, each with its own × (named 'Remove filter {chip}'). After a removal the focus
 * goes to the × now in the same place, or to the list when none is left, never to the page's start.
 */
export function FilterChips({
  sortedBy,
  chips,
  onRemove,
}: {
  sortedBy: string;
  chips: readonly string[];
  onRemove: (index: number) => void;
}) {
  const listRef = useRef<HTMLUListElement>(null);
  const focusAfterRemoval = useRef<number | null>(null);
  const labels = chips.join('\n');

  useEffect(() => {
    const index = focusAfterRemoval.current;
    if (index === null) return;
    focusAfterRemoval.current = null;
    const buttons = listRef.current?.querySelectorAll('button') ?? [];
    const target = buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : listRef.current;
    target?.focus();
  }, [labels]);

  return (
    <ul ref={listRef} tabIndex={-1} aria-label="Applied filters" className="mt-3 flex flex-wrap gap-2 outline-none">
      <li className={`${CHIP} border-maroon-700 bg-maroon-50 px-3 py-1`}>Sorted by: {sortedBy}</li>
      {chips.map((label, index) => (
        <li key={`${index}:${label}`} className={`${CHIP} border-maroon-200 bg-white py-0.5 pr-0.5 pl-3`}>
          {label}
          <button
            type="button"
            aria-label={`Remove filter ${label}`}
            onClick={() => {
              focusAfterRemoval.current = index;
              onRemove(index);
            }}
            className="ml-1 inline-flex size-6 items-center justify-center rounded-full text-muted hover:bg-maroon-50 hover:text-maroon-800 focus-visible:outline-2 focus-visible:outline-maroon-700"
          >
            <X aria-hidden="true" className="size-3.5" />
          </button>
        </li>
      ))}
    </ul>
  );
}
