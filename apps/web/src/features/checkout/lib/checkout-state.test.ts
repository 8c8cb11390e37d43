import { describe, expect, it } from 'vitest';
import type { CreatedOrder, Reservation } from '@ssd/shared/checkout';
import { activeStep, checkoutReducer, initialState, type CheckoutState } from './checkout-state';

const reservation = { reservation_id: 'r-1' } as Reservation;
const order = { order_id: 'SSD-ABCDEFGHJK' } as CreatedOrder;

const review: CheckoutState = { step: 'review', reservation, skewMs: 0 };
const confirm: CheckoutState = { step: 'confirm', reservation, order, skewMs: 0, paying: false };

describe('the checkout steps', () => {
  it('starts with a reservation to ask for, an order to pay again, or with nothing to order', () => {
    expect(initialState({ lines: [{ item_id: 1, quantity: 2 }] })).toEqual({ step: 'reserving' });
    expect(initialState({ retryOrderId: 'SSD-ABCDEFGHJK' })).toEqual({ step: 'retrying', orderId: 'SSD-ABCDEFGHJK' });
    expect(initialState(null)).toEqual({ step: 'empty' });
    expect(activeStep({ step: 'empty' })).toBeNull();
  });

  it('goes reserving → review (1) → confirm (2) → paying (3), and back to 2 when the checkout cannot open', () => {
    let state = checkoutReducer({ step: 'reserving' }, { type: 'reserved', reservation, skewMs: 42 });
    expect(state).toEqual({ step: 'review', reservation, skewMs: 42 });
    expect(activeStep(state)).toBe(1);
    state = checkoutReducer(state, { type: 'placed', order });
    expect(state).toEqual({ step: 'confirm', reservation, order, skewMs: 42, paying: false });
    expect(activeStep(state)).toBe(2);
    state = checkoutReducer(state, { type: 'payment-started' });
    expect(activeStep(state)).toBe(3);
    state = checkoutReducer(state, { type: 'payment-stopped' });
    expect(activeStep(state)).toBe(2);
  });

  it('Retry Payment goes retrying → confirm (2) without a reservation, or to retry-failed with the reason', () => {
    const retrying: CheckoutState = { step: 'retrying', orderId: 'SSD-ABCDEFGHJK' };
    const retried = checkoutReducer(retrying, { type: 'retried', order });
    expect(retried).toEqual({ step: 'confirm', reservation: null, order, skewMs: 0, paying: false });
    expect(activeStep(retried)).toBe(2);
    expect(checkoutReducer(retrying, { type: 'retry-failed', message: 'Retry not possible' })).toEqual({
      step: 'retry-failed',
      orderId: 'SSD-ABCDEFGHJK',
      message: 'Retry not possible',
    });
    // An answer that comes after the step moved on changes nothing.
    expect(checkoutReducer(retried, { type: 'retry-failed', message: 'late' })).toBe(retried);
    expect(checkoutReducer(review, { type: 'retried', order })).toBe(review);
  });

  it('a failed reservation can be asked for again', () => {
    const failed = checkoutReducer({ step: 'reserving' }, { type: 'reserve-failed', message: "'Silk' is out of stock." });
    expect(failed).toEqual({ step: 'reserve-failed', message: "'Silk' is out of stock." });
    expect(checkoutReducer(failed, { type: 'reserve' })).toEqual({ step: 'reserving' });
  });

  it('ends a reservation only in step 1 and an order only in step 2', () => {
    expect(checkoutReducer(review, { type: 'ended', reason: 'reservation-cancelled' })).toEqual({ step: 'ended', reason: 'reservation-cancelled' });
    expect(checkoutReducer(review, { type: 'ended', reason: 'reservation-expired' })).toEqual({ step: 'ended', reason: 'reservation-expired' });
    expect(checkoutReducer(review, { type: 'ended', reason: 'order-expired' })).toBe(review);
    expect(checkoutReducer(confirm, { type: 'ended', reason: 'order-cancelled' })).toEqual({ step: 'ended', reason: 'order-cancelled' });
    expect(checkoutReducer(confirm, { type: 'ended', reason: 'order-expired' })).toEqual({ step: 'ended', reason: 'order-expired' });
    expect(checkoutReducer(confirm, { type: 'ended', reason: 'reservation-expired' })).toBe(confirm);
  });

  it('ignores answers that arrive after the step they belonged to', () => {
    const ended: CheckoutState = { step: 'ended', reason: 'reservation-cancelled' };
    expect(checkoutReducer(ended, { type: 'placed', order })).toBe(ended);
    expect(checkoutReducer(ended, { type: 'reserved', reservation, skewMs: 0 })).toBe(ended);
    expect(checkoutReducer(review, { type: 'reserved', reservation, skewMs: 0 })).toBe(review);
    expect(checkoutReducer(review, { type: 'payment-started' })).toBe(review);
    expect(checkoutReducer(confirm, { type: 'placed', order })).toBe(confirm);
    const paying = checkoutReducer(confirm, { type: 'payment-started' });
    expect(checkoutReducer(paying, { type: 'payment-started' })).toBe(paying);
  });
});
