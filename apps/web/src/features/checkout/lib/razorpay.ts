import { CHECKOUT_THEME_COLOUR, STORE_NAME } from '@ssd/shared/constants';
import type { CreatedOrder } from '@ssd/shared/checkout';

/*
 * The payment provider's checkout (spec 3 §7 'Card payment provider's checkout'): Razorpay's
 * Standard Checkout, or the server's built-in sandbox that speaks the same script API. Its script
 * (the order's checkout_script) is loaded only when the shopper proceeds to payment, once per page.
 */

/** What the checkout hands the success handler. */
export interface RazorpaySuccess {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  razorpay_signature: string;
}

export interface RazorpayOptions {
  key: string;
  amount: number;
  currency: string;
  order_id: string;
  name: string;
  description: string;
  prefill: { name: string; email: string; contact: string };
  notes: Record<string, string>;
  theme: { color: string };
  handler: (response: RazorpaySuccess) => void;
  modal: { ondismiss: () => void };
}

export interface RazorpayCheckout {
  open(): void;
  close(): void;
  on(event: 'payment.failed', handler: (response: unknown) => void): void;
}

export type RazorpayConstructor = new (options: RazorpayOptions) => RazorpayCheckout;

function loadedConstructor(): RazorpayConstructor | null {
  const candidate = (window as { Razorpay?: unknown }).Razorpay;
  return typeof candidate === 'function' ? (candidate as RazorpayConstructor) : null;
}

/** Loads in flight, by script address; a finished load is known by the constructor on window. */
const loading = new Map<string, Promise<RazorpayConstructor>>();

/**
 * Loads the checkout script once and resolves to its `Razorpay` constructor. Only a load in flight
 * is remembered: once it settles, `window.Razorpay` says whether it is loaded, and a failed load is
 * forgotten (its element removed), so a later attempt tries again.
 */
export function loadCheckoutScript(src: string): Promise<RazorpayConstructor> {
  const ready = loadedConstructor();
  if (ready) return Promise.resolve(ready);
  const pending = loading.get(src);
  if (pending) return pending;
  const promise = new Promise<RazorpayConstructor>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = src;
    script.async = true;
    const failed = (reason: string) => {
      loading.delete(src);
      script.remove();
      reject(new Error(reason));
    };
    script.addEventListener('load', () => {
      const loaded = loadedConstructor();
      if (!loaded) return failed(`${src} did not define Razorpay`);
      loading.delete(src);
      resolve(loaded);
    });
    script.addEventListener('error', () => failed(`${src} could not be loaded`));
    document.head.appendChild(script);
  });
  loading.set(src, promise);
  return promise;
}

/** The checkout's reports; each fires at most once, and only the first of them counts. */
export interface PaymentCallbacks {
  onSuccess: (response: RazorpaySuccess) => void;
  onFailure: () => void;
  onDismiss: () => void;
}

/** The options of spec 3 §7: amount due, INR, the provider's order id, prefill, notes, gold, dismiss handler. */
export function checkoutOptions(order: CreatedOrder, report: Pick<RazorpayOptions, 'handler' | 'modal'>): RazorpayOptions {
  const { name, email, contact } = order.customer_details;
  return {
    key: order.key,
    amount: order.amount_due,
    currency: order.currency,
    order_id: order.id,
    name: STORE_NAME,
    description: `Order ${order.order_id}`,
    prefill: { name, email, contact },
    notes: { ...order.notes },
    theme: { color: CHECKOUT_THEME_COLOUR },
    ...report,
  };
}

/**
 * Opens the checkout for `order`. Throws when the checkout cannot be created or opened. The first
 * outcome wins: a failure closes the checkout (the shopper retries from their orders, spec 3 §4),
 * and a dismissal after an outcome is not reported.
 */
export function openCheckout(Razorpay: RazorpayConstructor, order: CreatedOrder, callbacks: PaymentCallbacks): RazorpayCheckout {
  let settled = false;
  const once = (report: () => void) => {
    if (settled) return;
    settled = true;
    report();
  };
  const checkout = new Razorpay(
    checkoutOptions(order, {
      handler: (response) => once(() => callbacks.onSuccess(response)),
      modal: { ondismiss: () => once(callbacks.onDismiss) },
    }),
  );
  checkout.on('payment.failed', () =>
    once(() => {
      checkout.close();
      callbacks.onFailure();
    }),
  );
  checkout.open();
  return checkout;
}
