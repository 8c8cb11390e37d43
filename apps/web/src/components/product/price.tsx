import { formatINR } from '@ssd/shared/money';

/**
 * Price in rupees; the market price struck through only when it is greater than the price (spec 2).
 * One line, whatever the amount: a price never breaks, and a long struck-through market price is cut
 * with an ellipsis rather than wrapped, so cards in a row keep one height (issue 12, item 8).
 */
export function Price({ price, marketPrice, className = '' }: { price: number; marketPrice: number | null; className?: string }) {
  const showMarket = marketPrice !== null && marketPrice > price;
  return (
    <p className={`flex min-w-0 items-baseline gap-x-2 whitespace-nowrap ${className}`}>
      <span className="shrink-0 font-semibold text-ink">
        <span className="sr-only">Price: </span>
        {formatINR(price)}
      </span>
      {showMarket ? (
        <s className="min-w-0 truncate text-sm text-muted" title={formatINR(marketPrice)}>
          <span className="sr-only">Market price: </span>
          {formatINR(marketPrice)}
        </s>
      ) : null}
    </p>
  );
}
