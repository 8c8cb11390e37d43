import { describe, expect, it } from 'vitest';
import { checkoutEntryState, readCheckoutEntry } from './checkout-entry';

describe('the checkout entry state', () => {
  it('round-trips the lines and keeps nothing else', () => {
    const state = checkoutEntryState([{ item_id: 7, quantity: 2, title: 'extra' } as never]);
    expect(state).toEqual({ lines: [{ item_id: 7, quantity: 2 }] });
    expect(readCheckoutEntry(state)).toEqual([{ item_id: 7, quantity: 2 }]);
  });

  it.each([
    ['no state', null],
    ['no lines', {}],
    ['empty lines', { lines: [] }],
    ['a zero quantity', { lines: [{ item_id: 7, quantity: 0 }] }],
    ['a fractional quantity', { lines: [{ item_id: 7, quantity: 1.5 }] }],
    ['a text id', { lines: [{ item_id: '7', quantity: 1 }] }],
    ["Buy Now's old shape", { buyNow: { item: { id: 7 }, quantity: 1 } }],
  ])('reads %s as nothing to order', (_name, state) => {
    expect(readCheckoutEntry(state)).toBeNull();
  });
});
