import { describe, expect, it } from 'vitest';
import { invoicePath, MAX_ORDERS_PER_PAGE, orderDetailsPath, readOrderIds } from './order-paths';

describe('order paths', () => {
  it('builds /orders/details/{id+} and the invoice path', () => {
    expect(orderDetailsPath('SSD-AB12CD34EF')).toBe('/orders/details/SSD-AB12CD34EF');
    expect(orderDetailsPath('SSD-AB12CD34EF', 'SSD-ZZ12CD34EF')).toBe('/orders/details/SSD-AB12CD34EF/SSD-ZZ12CD34EF');
    expect(invoicePath('SSD-AB12CD34EF')).toBe('/orders/invoice/SSD-AB12CD34EF');
    expect(orderDetailsPath('a/b')).toBe('/orders/details/a%2Fb');
  });

  it('reads one or more ids from the rest of the path, each once, without empty parts', () => {
    expect(readOrderIds('SSD-AB12CD34EF')).toEqual(['SSD-AB12CD34EF']);
    expect(readOrderIds('SSD-A/SSD-B/')).toEqual(['SSD-A', 'SSD-B']);
    expect(readOrderIds('/SSD-A//SSD-A/ SSD-B ')).toEqual(['SSD-A', 'SSD-B']);
    expect(readOrderIds('')).toEqual([]);
    expect(readOrderIds(undefined)).toEqual([]);
  });

  it(`shows at most ${MAX_ORDERS_PER_PAGE} orders of a long path`, () => {
    const ids = Array.from({ length: 15 }, (_, n) => `SSD-${n}`);
    expect(readOrderIds(ids.join('/'))).toEqual(ids.slice(0, MAX_ORDERS_PER_PAGE));
  });
});
