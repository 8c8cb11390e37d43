import type { CreatedOrder, Reservation } from '@ssd/shared/checkout';

/*
 * The order-creation screen's steps (spec 3 §2 Order creation, §4 Checkout flow) as a pure reducer:
 *
 *   empty                                  no lines to order: 'No Items in Your Order'
 *   reserving ──▶ review (step 1) ──Place order──▶ confirm (step 2) ──Proceed to payment──▶ paying (step 3)
 *       │            │ Cancel / timer at 0          │ Cancel / timer at 0                   │ the checkout could not
 *       ▼            ▼                              ▼                                       ▼ load or open: back to 2
 *   reserve-failed  ended (Reservation cancelled | expired)   ended (Order cancelled | expired)
 *
 *   retrying ──▶ confirm (step 2)           Retry Payment of an earlier order (POST /api/order/retry)
 *       │
 *       ▼
 *   retry-failed                           the units are gone, or the order cannot be paid again
 *
 * The payment's outcomes (success, failure, dismissal) leave the screen, so they need no step here.
 * An event that does not fit the current step (an answer that arrives after Cancel) changes nothing.
 */

export type EndReason = 'reservation-cancelled' | 'reservation-expired' | 'order-cancelled' | 'order-expired';

/** The notices of spec 3 §2 'Other states': Reservation cancelled, Reservation expired, Order {state}. */
export const END_NOTICES: Readonly<Record<EndReason, string>> = {
  'reservation-cancelled': 'Reservation cancelled',
  'reservation-expired': 'Reservation expired',
  'order-cancelled': 'Order cancelled',
  'order-expired': 'Order expired',
};

export type CheckoutState =
  | { step: 'empty' }
  | { step: 'reserving' }
  | { step: 'reserve-failed'; message: string }
  | { step: 'review'; reservation: Reservation; skewMs: number }
  | { step: 'retrying'; orderId: string }
  | { step: 'retry-failed'; orderId: string; message: string }
  /** reservation is null when the order came back by Retry Payment. */
  | { step: 'confirm'; reservation: Reservation | null; order: CreatedOrder; skewMs: number; paying: boolean }
  | { step: 'ended'; reason: EndReason };

export type CheckoutEvent =
  | { type: 'reserve' }
  | { type: 'reserved'; reservation: Reservation; skewMs: number }
  | { type: 'reserve-failed'; message: string }
  | { type: 'placed'; order: CreatedOrder }
  | { type: 'retried'; order: CreatedOrder }
  | { type: 'retry-failed'; message: string }
  | { type: 'payment-started' }
  | { type: 'payment-stopped' }
  | { type: 'ended'; reason: EndReason };

export function checkoutReducer(state: CheckoutState, event: CheckoutEvent): CheckoutState {
  switch (event.type) {
    case 'reserve':
      return state.step === 'reserve-failed' ? { step: 'reserving' } : state;
    case 'reserved':
      return state.step === 'reserving' ? { step: 'review', reservation: event.reservation, skewMs: event.skewMs } : state;
    case 'reserve-failed':
      return state.step === 'reserving' ? { step: 'reserve-failed', message: event.message } : state;
    case 'placed':
      return state.step === 'review'
        ? { step: 'confirm', reservation: state.reservation, order: event.order, skewMs: state.skewMs, paying: false }
        : state;
    case 'retried':
      return state.step === 'retrying' ? { step: 'confirm', reservation: null, order: event.order, skewMs: 0, paying: false } : state;
    case 'retry-failed':
      return state.step === 'retrying' ? { step: 'retry-failed', orderId: state.orderId, message: event.message } : state;
    case 'payment-started':
      return state.step === 'confirm' && !state.paying ? { ...state, paying: true } : state;
    case 'payment-stopped':
      return state.step === 'confirm' && state.paying ? { ...state, paying: false } : state;
    case 'ended': {
      const reservationEnd = event.reason.startsWith('reservation-');
      if (reservationEnd ? state.step === 'review' : state.step === 'confirm') return { step: 'ended', reason: event.reason };
      return state;
    }
  }
}

/** The stepper's step (1 Check Order, 2 Order Confirmation, 3 Payment), or null when no stepper shows. */
export function activeStep(state: CheckoutState): 1 | 2 | 3 | null {
  if (state.step === 'review') return 1;
  if (state.step === 'confirm') return state.paying ? 3 : 2;
  return null;
}

/** How the screen was entered: lines to reserve, an order to pay again, or nothing usable. */
export type CheckoutEntry = { lines: Array<{ item_id: number; quantity: number }> } | { retryOrderId: string } | null;

/** What the screen starts from: nothing to order, a reservation to ask for, or an order to pay again. */
export function initialState(entry: CheckoutEntry): CheckoutState {
  if (entry === null) return { step: 'empty' };
  return 'retryOrderId' in entry ? { step: 'retrying', orderId: entry.retryOrderId } : { step: 'reserving' };
}
