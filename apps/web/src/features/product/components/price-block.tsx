import { formatINR, percentOff } from '@ssd/shared/money';

/**
 * Price, and the market price struck through when it is at least the price (spec 2 Product
 * detail); '{n}% OFF' only when there is a discount to speak of.
 */
export function PriceBlock({ price, marketPrice }: { price: number; marketPrice: number | null }) {
  const off = percentOff(price, marketPrice);
  const showMarket = marketPrice !== null && marketPrice >= price && marketPrice > 0;
  return (
    <p className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
      <span className="text-2xl font-semibold text-ink">
        <span className="sr-only">Price: </span>
        {formatINR(price)}
      </span>
      {showMarket ? (
        <s className="text-muted">
          <span className="sr-only">Market price: </span>
          {formatINR(marketPrice)}
        </s>
      ) : null}
      {showMarket && off > 0 ? <span className="font-semibold text-emerald-700">{off}% OFF</span> : null}
    </p>
  );
}
