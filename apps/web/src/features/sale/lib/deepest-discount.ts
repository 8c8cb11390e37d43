import { percentOff } from '@ssd/shared/money';

/**
 * The deepest markdown among a sale's items, whole percent (0 when none is marked down): what the
 * sale banner's 'Up to N% off' says, so the claim always matches the prices shown below it.
 */
export function deepestDiscount(items: readonly { price: number; market_price: number | null }[]): number {
  return items.reduce((deepest, item) => Math.max(deepest, percentOff(item.price, item.market_price)), 0);
}
