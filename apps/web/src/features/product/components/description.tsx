import { useMemo } from 'react';
import { splitDescription } from '../lib/description';

/** The description as one paragraph or a bullet list, always as text (never HTML). */
export function Description({ description }: { description: string }) {
  const parts = useMemo(() => splitDescription(description), [description]);
  if (!parts.text) return null;
  if (parts.list.length > 0) {
    return (
      <ul className="list-disc space-y-1 pl-5 text-ink" data-testid="product-description">
        {parts.list.map((line, index) => (
          <li key={index}>{line}</li>
        ))}
      </ul>
    );
  }
  return (
    <p className="text-ink" data-testid="product-description">
      {parts.text}
    </p>
  );
}
