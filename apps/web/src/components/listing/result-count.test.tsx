import { describe, expect, it } from 'vitest';
import { productCountText } from './result-count';

describe('the result count', () => {
  it('says product or products with the Indian digit grouping', () => {
    expect(productCountText(0)).toBe('0 products');
    expect(productCountText(1)).toBe('1 product');
    expect(productCountText(24)).toBe('24 products');
    expect(productCountText(123456)).toBe('1,23,456 products');
  });
});
