import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `length` random characters of [0-9A-Za-z], unbiased (bytes ≥ 248 are drawn again). */
export function randomBase62(length: number): string {
  let out = '';
  while (out.length < length) {
    for (const byte of randomBytes(length * 2)) {
      if (byte < 248) out += BASE62[byte % 62];
      if (out.length === length) break;
    }
  }
  return out;
}

/** Razorpay's ids: a prefix and 14 characters (order_DaZlswtdcn9UNV, pay_FgR9UMzgmKDJRi, rfnd_FgRAHdNOM4ZVbO). */
export const newOrderId = (): string => `order_${randomBase62(14)}`;
export const newPaymentId = (): string => `pay_${randomBase62(14)}`;
export const newRefundId = (): string => `rfnd_${randomBase62(14)}`;
/** The x-razorpay-event-id of one webhook event. */
export const newEventId = (): string => randomBase62(14);

export const ORDER_ID = /^order_[0-9A-Za-z]{14}$/;
export const PAYMENT_ID = /^pay_[0-9A-Za-z]{14}$/;
