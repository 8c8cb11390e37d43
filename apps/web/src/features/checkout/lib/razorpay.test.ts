import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CreatedOrder } from '@ssd/shared/checkout';
import { loadCheckoutScript, openCheckout, type RazorpayConstructor, type RazorpayOptions } from './razorpay';

const order = {
  id: 'order_1',
  order_id: 'SSD-ABCDEFGHJK',
  amount_due: 100,
  currency: 'INR',
  notes: { order_id: 'SSD-ABCDEFGHJK' },
  key: 'rzp_test',
  checkout_script: '/sandbox/razorpay/checkout.js',
  customer_details: { name: 'Asha', email: 'a@example.com', contact: '9876543210' },
} as CreatedOrder;

function fakeCheckout() {
  const made: { options: RazorpayOptions; failed?: (response: unknown) => void; closed: number }[] = [];
  const Razorpay = vi.fn(function (this: unknown, options: RazorpayOptions) {
    const record: (typeof made)[number] = { options, closed: 0 };
    made.push(record);
    return {
      open: vi.fn(),
      close: () => {
        record.closed += 1;
      },
      on: (_event: string, handler: (response: unknown) => void) => {
        record.failed = handler;
      },
    };
  }) as unknown as RazorpayConstructor;
  return { Razorpay, made };
}

afterEach(() => {
  document.head.querySelectorAll('script').forEach((script) => script.remove());
});

describe('the payment checkout', () => {
  it('loads the script once, only when asked, and resolves to its Razorpay constructor', async () => {
    const { Razorpay } = fakeCheckout();
    const first = loadCheckoutScript('/sandbox/razorpay/checkout.js');
    const second = loadCheckoutScript('/sandbox/razorpay/checkout.js');
    expect(second).toBe(first);
    const scripts = document.head.querySelectorAll('script[src="/sandbox/razorpay/checkout.js"]');
    expect(scripts).toHaveLength(1);
    vi.stubGlobal('Razorpay', Razorpay);
    scripts[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBe(Razorpay);
    // Loaded: no second element.
    await expect(loadCheckoutScript('/sandbox/razorpay/checkout.js')).resolves.toBe(Razorpay);
    expect(document.head.querySelectorAll('script')).toHaveLength(1);
  });

  it('forgets a failed load, so the next attempt loads again', async () => {
    const failed = loadCheckoutScript('/broken.js');
    document.head.querySelector('script[src="/broken.js"]')!.dispatchEvent(new Event('error'));
    await expect(failed).rejects.toThrow('/broken.js could not be loaded');
    expect(document.head.querySelector('script[src="/broken.js"]')).toBeNull();
    const again = loadCheckoutScript('/broken.js');
    expect(again).not.toBe(failed);
    // A script that loads without defining Razorpay is a failure too.
    document.head.querySelector('script[src="/broken.js"]')!.dispatchEvent(new Event('load'));
    await expect(again).rejects.toThrow('did not define Razorpay');
  });

  it('reports only the first outcome: a failure closes the checkout and its dismissal is not reported', () => {
    const { Razorpay, made } = fakeCheckout();
    const callbacks = { onSuccess: vi.fn(), onFailure: vi.fn(), onDismiss: vi.fn() };
    openCheckout(Razorpay, order, callbacks);
    const [checkout] = made;
    checkout!.failed!({ error: {} });
    checkout!.options.modal.ondismiss();
    checkout!.options.handler({ razorpay_payment_id: 'p', razorpay_order_id: 'o', razorpay_signature: 's' });
    expect(callbacks.onFailure).toHaveBeenCalledTimes(1);
    expect(checkout!.closed).toBe(1);
    expect(callbacks.onDismiss).not.toHaveBeenCalled();
    expect(callbacks.onSuccess).not.toHaveBeenCalled();
  });
});
