import { Star } from 'lucide-react';

/** Average to one decimal and the review count (spec 2 Product detail, §9). */
export function formatRating(value: number): string {
  return (Math.round(value * 10) / 10).toFixed(1);
}

export function RatingBadge({ average, total }: { average: number; total: number }) {
  const shown = formatRating(average);
  const reviews = `${total} ${total === 1 ? 'review' : 'reviews'}`;
  return (
    <p
      className="inline-flex items-center gap-2 text-sm"
      aria-label={`Rated ${shown} out of 5 from ${reviews}`}
      role="img"
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-700 px-2.5 py-0.5 font-semibold text-white">
        {shown}
        <Star aria-hidden="true" className="size-3.5 fill-current" />
      </span>
      <span className="text-muted">({reviews})</span>
    </p>
  );
}

/** Five stars, filled up to the rating. */
export function Stars({ rating }: { rating: number }) {
  return (
    <span role="img" aria-label={`${rating} out of 5 stars`} className="inline-flex text-gold-600">
      {[1, 2, 3, 4, 5].map((n) => (
        <Star key={n} aria-hidden="true" className={`size-4 ${n <= rating ? 'fill-current' : ''}`} />
      ))}
    </span>
  );
}
