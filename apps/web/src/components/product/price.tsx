import { formatINR } from '@ssd/shared/money';

/** Price in rupees; the market price struck through only when it is greater than the price (spec 2). */
export function Price({ price, marketPrice, className = '' }: { price: number; marketPrice: number | null; className?: string }) {
  const showMarket = marketPrice !== null && marketPrice > price;
  return (
    <p className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-semibold text-ink">
        <span className="sr-only">Price: </span>
        {formatINR(price)}
      </span>
      {showMarket ? (
        <s className="text-sm text-muted">
          <span className="sr-only">Market price: </span>
          {formatINR(marketPrice)}
        </s>
      ) : null}
    </p>
  );
}
