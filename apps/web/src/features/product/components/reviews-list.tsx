import { formatDay } from '@ssd/shared/dates';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useReviews } from '../api/get-reviews';
import { Stars } from './rating-badge';

function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : formatDay(date);
}

/** Reviews, 5 at a time, newest first, with 'Load more' while the last page was full. */
export function ReviewsList({ productId }: { productId: number }) {
  const reviews = useReviews(productId);
  const list = reviews.data?.pages.flat() ?? [];
  return (
    <section aria-labelledby="reviews-heading" className="flex flex-col gap-4">
      <h2 id="reviews-heading" className="heading-section">
        Reviews
      </h2>
      {reviews.isPending ? (
        <div className="flex flex-col gap-3" aria-label="Loading reviews">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : reviews.isError && list.length === 0 ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-red-700">{reviews.error.message}</p>
          <Button variant="secondary" onClick={() => void reviews.refetch()}>
            Try Again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-muted">No reviews yet.</p>
      ) : (
        <>
          <ul className="flex flex-col divide-y divide-maroon-100">
            {list.map((review, index) => (
              <li key={`${review.created_at}-${index}`} className="flex flex-col gap-1 py-3">
                <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-semibold text-ink">{review.user_name}</span>
                  <Stars rating={review.rating} />
                  <time dateTime={review.created_at} className="text-sm text-muted">
                    {formatDate(review.created_at)}
                  </time>
                </div>
                {review.review ? <p className="text-ink">{review.review}</p> : null}
              </li>
            ))}
          </ul>
          {reviews.isFetchNextPageError ? (
            <p className="text-sm text-red-700">{reviews.error?.message}</p>
          ) : null}
          {reviews.hasNextPage ? (
            <Button
              variant="secondary"
              onClick={() => void reviews.fetchNextPage()}
              disabled={reviews.isFetchingNextPage}
              className="self-start"
            >
              {reviews.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          ) : null}
        </>
      )}
    </section>
  );
}
