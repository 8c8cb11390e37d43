import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import type { ProductCard as ProductCardData } from '@ssd/shared/storefront';
import { productPath } from '../../lib/product-path';
import { inStock } from '../../lib/stock';
import { CartButton } from './cart-button';
import { WishlistHeart } from './wishlist-heart';
import { Price } from './price';

export const CARD_IMAGE_WIDTH = 400;
export const CARD_IMAGE_HEIGHT = 500;

/** A card's title is a heading one level below the heading of the list it is in. */
export type CardHeadingLevel = 2 | 3;

/**
 * A product card of the listings (spec 2 §2): thumbnail linking to the product, 'Out of stock'
 * badge, round add-to-cart button, wishlist heart, title, price and struck-through market price.
 */
export function ProductCard({
  item,
  eager = false,
  badge,
  onHover,
  headingLevel = 3,
}: {
  item: ProductCardData;
  /** Load the thumbnail at once (cards in the first screenful). */
  eager?: boolean;
  /** Extra overlay on the thumbnail (the trending rating badge). */
  badge?: ReactNode;
  /** Pointer entered or focus moved into the card. */
  onHover?: () => void;
  /** 3 under a section's h2 (home's rows); 2 in a page's main grid, right under its h1. */
  headingLevel?: CardHeadingLevel;
}) {
  const Title = headingLevel === 2 ? 'h2' : 'h3';
  const src = assetUrl(item.thumbnail_image);
  const href = productPath(item);
  // spec 2: the red badge shows when the quantity is missing, 0 or less.
  const outOfStock = !inStock(item.quantity);
  return (
    <article
      className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-maroon-100 bg-white shadow-sm transition-shadow hover:shadow-md"
      onMouseEnter={onHover}
      onFocus={onHover}
      aria-label={item.title}
    >
      <div className="relative">
        <Link to={href} tabIndex={-1} aria-hidden="true" className="block">
          {src ? (
            <img
              src={src}
              alt=""
              width={CARD_IMAGE_WIDTH}
              height={CARD_IMAGE_HEIGHT}
              loading={eager ? 'eager' : 'lazy'}
              decoding="async"
              className="aspect-[4/5] w-full bg-maroon-50 object-cover transition-transform duration-300 group-hover:scale-[1.03]"
            />
          ) : (
            <div className="aspect-[4/5] w-full bg-gradient-to-br from-maroon-100 to-gold-100" />
          )}
        </Link>
        {outOfStock ? (
          <span className="absolute top-2 left-2 rounded-full bg-red-700 px-2.5 py-1 text-xs font-semibold text-white">
            Out of stock
          </span>
        ) : null}
        {badge}
        <div className="absolute top-2 right-2">
          <WishlistHeart itemId={item.id} />
        </div>
        <div className="absolute right-2 bottom-2">
          <CartButton item={item} />
        </div>
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        {/* The body face, like every card's title: the heading face is for page and section headings. */}
        <Title className="line-clamp-2 font-sans text-sm font-medium text-ink">
          <Link to={href} className="rounded hover:text-maroon-700 hover:underline">
            {item.title}
          </Link>
        </Title>
        <Price price={item.price} marketPrice={item.market_price} className="mt-auto" />
      </div>
    </article>
  );
}
