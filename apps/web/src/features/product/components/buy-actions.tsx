import type { ReactNode } from 'react';
import type { ProductCard } from '@ssd/shared/storefront';
import { ON_TOP_OF_BOTTOM_BAR } from '../../../lib/bottom-bar-space';
import { inStock } from '../../../lib/stock';
import { CartToggle } from './product-actions';

/**
 * The product's Add to cart (or Remove from cart) and Buy Now buttons — 'Out of stock' in Buy Now's
 * place when none is left (spec 2 product detail). One component wherever the page shows them: beside
 * the wishlist button on wider screens, in the phone's sticky buy bar below 768 px.
 */
export function BuyActions({ item, onBuyNow, wide = false }: { item: ProductCard; onBuyNow: () => void; wide?: boolean }) {
  const grow = wide ? 'flex-1' : '';
  return (
    <>
      <CartToggle item={item} className={grow} />
      {inStock(item.quantity) ? (
        <button
          type="button"
          onClick={onBuyNow}
          className={`inline-flex items-center justify-center rounded-full bg-maroon-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-maroon-800 ${grow}`}
        >
          Buy Now
        </button>
      ) : (
        <p className={`inline-flex items-center justify-center rounded-full bg-red-50 px-5 py-2.5 text-sm font-semibold text-red-700 ${grow}`}>
          Out of stock
        </p>
      )}
    </>
  );
}

/**
 * The phone's buy bar (issue 12, item 9): the last block of the product page, sticky on top of the
 * shell's bottom bar. Being last, it stays in view over the gallery, description, reviews and
 * suggestions; being inside the page, it stops where the page ends, above the footer.
 */
export function PhoneBuyBar({ children }: { children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label="Buy this product"
      className={`sticky ${ON_TOP_OF_BOTTOM_BAR} z-30 -mx-4 flex gap-3 border-t border-maroon-100 bg-white px-4 py-3 shadow-[0_-4px_12px_rgb(0_0_0/0.06)]`}
    >
      {children}
    </div>
  );
}
