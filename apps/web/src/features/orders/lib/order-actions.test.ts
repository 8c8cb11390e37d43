import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES } from '@ssd/shared/status';
import { orderActions } from './order-actions';

describe('order list buttons by status (spec 3 §4)', () => {
  it.each([
    ['cancelled', { reorder: false, retry: true, support: false }],
    ['failed', { reorder: true, retry: true, support: false }],
    ['expired', { reorder: true, retry: true, support: false }],
    ['pending', { reorder: true, retry: false, support: false }],
    ['confirmed', { reorder: true, retry: false, support: true }],
    ['packed', { reorder: true, retry: false, support: true }],
    ['shipped', { reorder: true, retry: false, support: true }],
    ['out_for_delivery', { reorder: true, retry: false, support: true }],
    ['delivered', { reorder: true, retry: false, support: true }],
    ['return_requested', { reorder: true, retry: false, support: true }],
    ['return_request_accepted', { reorder: true, retry: false, support: true }],
    ['return_accepted', { reorder: true, retry: false, support: true }],
    ['refund_done', { reorder: true, retry: false, support: true }],
  ] as const)('%s → %o', (status, expected) => {
    expect(orderActions(status)).toEqual(expected);
  });

  it('covers every status there is', () => {
    // A status added to the contract must be placed in the table above.
    expect(ORDER_STATUSES).toHaveLength(13);
  });
});
