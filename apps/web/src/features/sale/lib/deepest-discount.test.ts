import { describe, expect, it } from 'vitest';
import { deepestDiscount } from './deepest-discount';

describe('deepestDiscount', () => {
  it('is the largest whole percent off among the items', () => {
    expect(deepestDiscount([{ price: 600, market_price: 1000 }, { price: 750, market_price: 1000 }, { price: 999, market_price: null }])).toBe(40);
  });

  it('is 0 when nothing is marked down, or there are no items', () => {
    expect(deepestDiscount([{ price: 500, market_price: 500 }, { price: 500, market_price: null }])).toBe(0);
    expect(deepestDiscount([])).toBe(0);
  });
});
