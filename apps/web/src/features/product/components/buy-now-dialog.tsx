import { useRef, useState } from 'react';
import { Minus, Plus, X } from 'lucide-react';
import { useNavigate } from 'react-router';
import { LOW_STOCK_AT_OR_BELOW } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { useModalDialog } from '../../../components/ui/use-modal-dialog';
import { checkoutEntryState } from '../../../lib/checkout-entry';
import { isLive, SCREENS } from '../../../lib/paths';
import { QUANTITY_MESSAGES, unitsLeftText, validateQuantity } from '../lib/quantity';
import { CartToggle } from './product-actions';

/**
 * Buy Now's quantity overlay (spec 2 Product detail): a native modal <dialog> (Escape, focus
 * trap, no injected styles), with the page's scroll locked while it is open. 'Continue with order'
 * checks the quantity (spec 2 §5 direct buy) and opens the checkout with this one line
 * (src/lib/checkout-entry.ts), where it is reserved.
 *
 * While the checkout screen is not live, the overlay offers the quantity picker and the cart button
 * only: no 'Continue with order' that would lead nowhere.
 */
export function BuyNowDialog({ item, onClose }: { item: ProductCard; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  const [quantity, setQuantity] = useState(1);
  const [notice, setNotice] = useState<string | null>(null);
  const { showToast } = useToast();
  const navigate = useNavigate();
  const stock = Math.max(0, item.quantity);
  const checkoutLive = isLive('placeOrder');

  useModalDialog(ref);

  const decrease = () => {
    setNotice(null);
    setQuantity((value) => Math.max(1, value - 1));
  };
  const increase = () => {
    if (quantity >= stock) {
      setNotice(QUANTITY_MESSAGES.notAvailable);
      return;
    }
    setNotice(null);
    setQuantity(quantity + 1);
  };
  const onContinue = () => {
    const problem = validateQuantity(quantity, stock);
    if (problem) {
      showToast(problem, 'warning');
      return;
    }
    onClose();
    void navigate(SCREENS.placeOrder.path, { state: checkoutEntryState([{ item_id: item.id, quantity }]) });
  };

  const low = stock <= LOW_STOCK_AT_OR_BELOW;
  return (
    <dialog
      ref={ref}
      aria-labelledby="buy-now-title"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself) closes it.
        if (event.target === event.currentTarget) onClose();
      }}
      className="m-auto w-[min(26rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-ink shadow-xl backdrop:bg-black/50"
    >
      <div className="flex flex-col gap-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id="buy-now-title" className="text-lg font-semibold">
            Select quantity
          </h2>
          <button type="button" onClick={onClose} aria-label="Close" className="-m-1 rounded p-1 hover:bg-maroon-50">
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p className="text-sm text-muted">{item.title}</p>
        <p className={`text-sm font-semibold ${low ? 'text-red-700' : 'text-muted'}`} data-low-stock={low || undefined}>
          {unitsLeftText(stock)}
        </p>
        <div className="flex items-center gap-4">
          <button
            type="button"
            onClick={decrease}
            disabled={quantity <= 1}
            aria-label="Decrease quantity"
            className="rounded-full border border-maroon-700 p-2 text-maroon-700 disabled:opacity-40"
          >
            <Minus aria-hidden="true" className="size-4" />
          </button>
          <output aria-live="polite" aria-label="Quantity" className="min-w-8 text-center text-lg font-semibold">
            {quantity}
          </output>
          <button
            type="button"
            onClick={increase}
            aria-label="Increase quantity"
            className="rounded-full border border-maroon-700 p-2 text-maroon-700"
          >
            <Plus aria-hidden="true" className="size-4" />
          </button>
        </div>
        <p role="status" className="min-h-5 text-sm text-red-700">
          {notice}
        </p>
        <div className="flex flex-wrap gap-3">
          {checkoutLive ? (
            <Button onClick={onContinue} className="flex-1">
              Continue with order
            </Button>
          ) : null}
          <CartToggle item={item} className={checkoutLive ? '' : 'flex-1'} />
        </div>
      </div>
    </dialog>
  );
}
