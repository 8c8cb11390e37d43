import { describe, expect, it } from 'vitest';
import type { CreatedOrder, Reservation } from '@ssd/shared/checkout';
import { activeStep, checkoutReducer, initialState, type CheckoutState } from './checkout-state';

const reservation = { reservation_id: 'r-1' } as Reservation;
const order = { order_id: 'SSD-ABCDEFGHJK' } as CreatedOrder;

const review: CheckoutState = { step: 'review', reservation, skewMs: 0 };
const confirm: CheckoutState = { step: 'confirm', reservation, order, skewMs: 0, paying: false };

describe('the checkout steps', () => {
  it('starts with a reservation to ask for, or with nothing to order', () => {
    expect(initialState(true)).toEqual({ step: 'reserving' });
    expect(initialState(false)).toEqual({ step: 'empty' });
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
