import { useId } from 'react';
import { Star } from 'lucide-react';
import { RATING_MAX, RATING_MIN } from '@ssd/shared/constants';

const VALUES = Array.from({ length: RATING_MAX - RATING_MIN + 1 }, (_, index) => RATING_MIN + index);

/** '1 star', '4 stars'. */
export const starsLabel = (value: number) => `${value} ${value === 1 ? 'star' : 'stars'}`;

/**
 * The rating 1 to 5 as a group of native radio buttons drawn as stars: arrow keys move between them,
 * a screen reader reads '4 stars, 4 of 5'. 0 means none chosen yet.
 */
export function StarRating({ value, onChange, disabled = false }: { value: number; onChange: (value: number) => void; disabled?: boolean }) {
  const name = useId();
  return (
    <fieldset disabled={disabled} className="flex flex-col gap-1">
      <legend className="mb-1 text-sm font-medium text-ink">Your rating</legend>
      <div className="flex gap-1">
        {VALUES.map((n) => (
          <label key={n} className="cursor-pointer">
            <input
              type="radio"
              name={name}
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className={`size-8 rounded peer-focus-visible:ring-2 peer-focus-visible:ring-maroon-500 ${
                n <= value ? 'fill-current text-gold-600' : 'text-maroon-200'
              }`}
            />
            <span className="sr-only">{starsLabel(n)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
