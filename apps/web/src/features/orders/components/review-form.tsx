import { useState, type FormEvent } from 'react';
import { ORDERS_MESSAGES, REVIEW_MAX_LENGTH, reviewRequestSchema, type OwnReview } from '@ssd/shared/orders';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useToast } from '../../../components/ui/toast';
import { describeFailure } from '../../../lib/failure-message';
import { useOwnReview } from '../api/get-own-review';
import { useSaveReview } from '../api/save-review';
import { ORDERS_TEXT } from '../lib/texts';
import { DialogNotice } from '../../../components/ui/modal-dialog';
import { StarRating } from './star-rating';

interface ReviewTarget {
  orderId: string;
  itemId: number;
  /** After 'Thanks for your review!': the popup closes. */
  onSaved: () => void;
}

/**
 * The item popup's rating and review (spec 3 §4, §5), prefilled with the shopper's own review when
 * there is one. The rating must be 1 to 5; the review is sent trimmed, or null when empty.
 */
export function ReviewForm(target: ReviewTarget) {
  const own = useOwnReview(target.orderId, target.itemId, true);
  if (own.isPending) {
    return (
      <div aria-busy="true">
        <p className="sr-only" role="status">
          Loading your review
        </p>
        <Skeleton className="h-40 w-full" />
      </div>
    );
  }
  if (own.isError) {
    return (
      <div className="flex flex-wrap items-center gap-3 text-sm">
        <p role="alert" className="text-red-700">
          {own.error.message}
        </p>
        <Button variant="secondary" onClick={() => void own.refetch()} className="px-4 py-1.5">
          {ORDERS_TEXT.tryAgain}
        </Button>
      </div>
    );
  }
  return <ReviewFields {...target} saved={own.data} />;
}

function ReviewFields({ orderId, itemId, onSaved, saved }: ReviewTarget & { saved: OwnReview }) {
  const [rating, setRating] = useState(saved?.rating ?? 0);
  const [review, setReview] = useState(saved?.review ?? '');
  const [notice, setNotice] = useState<{ text: string; tone: 'warning' | 'error' } | null>(null);
  const save = useSaveReview(orderId, itemId);
  const { showToast } = useToast();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    const checked = reviewRequestSchema.safeParse({ order_id: orderId, item_id: itemId, rating, review });
    if (!checked.success) {
      setNotice({ text: checked.error.issues[0]?.message ?? ORDERS_MESSAGES.ratingRange, tone: 'warning' });
      return;
    }
    setNotice(null);
    save.mutate(checked.data, {
      onSuccess: () => {
        showToast(ORDERS_MESSAGES.reviewSaved, 'success');
        onSaved();
      },
      // A -2 is the page guard's: 'Please login to continue.' and the login screen.
      onError: (error) => {
        const { message, warning } = describeFailure(error, { fallback: ORDERS_MESSAGES.reviewFailed });
        setNotice({ text: message, tone: warning ? 'warning' : 'error' });
      },
    });
  };

  return (
    <form noValidate onSubmit={onSubmit} aria-label="Rate and review" className="flex flex-col gap-4 border-t border-maroon-100 pt-4">
      <h3 className="text-base font-semibold text-ink">{saved ? 'Your review' : 'Rate this item'}</h3>
      <DialogNotice notice={notice} />
      <StarRating value={rating} onChange={setRating} disabled={save.isPending} />
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        Review (optional)
        <textarea
          value={review}
          onChange={(event) => setReview(event.target.value)}
          maxLength={REVIEW_MAX_LENGTH}
          rows={4}
          readOnly={save.isPending}
          className="w-full resize-y rounded-lg border border-maroon-200 bg-white px-3 py-2 text-sm text-ink focus:border-maroon-500 focus:outline-none"
        />
      </label>
      <Button type="submit" disabled={save.isPending} aria-busy={save.isPending || undefined} className="self-start">
        {save.isPending ? ORDERS_TEXT.savingReview : ORDERS_TEXT.saveReview}
      </Button>
    </form>
  );
}
