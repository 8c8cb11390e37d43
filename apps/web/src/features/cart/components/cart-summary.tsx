import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatINR } from '@ssd/shared/money';
import { Button, buttonClasses } from '../../../components/ui/button';
import { checkoutEntryState } from '../../../lib/checkout-entry';
import { isLive, SCREENS } from '../../../lib/paths';
import { CART_TEXTS, type CartSummary } from '../lib/cart-summary';

/**
 * The summary block (spec 3 §2): Original price, Savings, Payable amount (the selling total, fees
 * excluded, as it says), Checkout and 'Continue shopping'. Checkout hands /place/order the lines
 * that can be bought; it waits while a quantity is changing, and there is nothing to check out
 * when no row can be bought. It shows once the checkout screen exists (docs/decisions/0007).
 */
export function CartSummaryBlock({ summary, changing }: { summary: CartSummary; changing: boolean }) {
  const titleId = useId();
  const navigate = useNavigate();
  // The router state the checkout reads (src/lib/checkout-entry.ts): {lines: [{item_id, quantity}]}.
  const checkout = () => void navigate(SCREENS.placeOrder.path, { state: checkoutEntryState(summary.lines) });

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm">
      <h2 id={titleId} className="heading-panel">
        Price details
      </h2>
      <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
        <dt className="text-muted">Original price</dt>
        <dd className="text-right text-ink">{formatINR(summary.original)}</dd>
        <dt className="text-muted">Savings</dt>
        <dd className="text-right font-semibold text-green-800">
          {summary.savings > 0 ? `− ${formatINR(summary.savings)}` : formatINR(0)}
        </dd>
        <dt className="border-t border-maroon-100 pt-2 font-semibold text-ink">Payable amount</dt>
        <dd className="border-t border-maroon-100 pt-2 text-right text-base font-bold text-ink">{formatINR(summary.payable)}</dd>
      </dl>
      <p className="text-xs text-muted">
        {CART_TEXTS.feesExcluded}
        {summary.unavailable > 0 ? ` ${CART_TEXTS.unavailableExcluded}` : ''}
      </p>
      {isLive('placeOrder') ? (
        <Button onClick={checkout} disabled={summary.lines.length === 0 || changing}>
          Checkout
        </Button>
      ) : null}
      <Link to={SCREENS.shop.path} className={buttonClasses('secondary')}>
        Continue shopping
      </Link>
    </section>
  );
}
