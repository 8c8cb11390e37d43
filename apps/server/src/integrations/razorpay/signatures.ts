/**
 * Razorpay's two signatures, both hex HMAC-SHA256 (docs: "Payment Verification" and "Validate Webhooks"):
 * - the payment signature Standard Checkout hands the browser (`razorpay_signature`), over
 *   `${order_id}|${payment_id}` with the API key secret;
 * - the webhook signature (`X-Razorpay-Signature`), over the raw request body with the webhook secret.
 *
 * Written here rather than taken from the `razorpay` package: its validatePaymentVerification and
 * validateWebhookSignature compare with `===` (not constant time) and throw on a missing argument,
 * where a check fed from a request must simply answer false.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

const SHA256_HEX = /^[0-9a-fA-F]{64}$/;

export function hmacSha256Hex(secret: string, data: string | Uint8Array): string {
  return createHmac('sha256', secret).update(data).digest('hex');
}

/** Whether `given` is the hex HMAC `expectedHex`, compared in constant time; anything not 64 hex digits is simply false. */
function matchesHex(expectedHex: string, given: unknown): boolean {
  if (typeof given !== 'string' || !SHA256_HEX.test(given)) return false;
  return timingSafeEqual(Buffer.from(expectedHex, 'hex'), Buffer.from(given, 'hex'));
}

/** `razorpay_signature` of a payment on an order: hex HMAC-SHA256 of `order_id|payment_id` with the key secret. */
export function paymentSignature(orderId: string, paymentId: string, keySecret: string): string {
  return hmacSha256Hex(keySecret, `${orderId}|${paymentId}`);
}

/**
 * Whether `signature` is the payment signature for `orderId` (the order id WE stored for the order, never
 * one the browser sent) and `paymentId`. Constant time; a wrong-length, non-hex or non-string signature is false.
 */
export function isValidPaymentSignature(orderId: string, paymentId: string, signature: unknown, keySecret: string): boolean {
  if (typeof orderId !== 'string' || typeof paymentId !== 'string' || orderId === '' || paymentId === '' || !keySecret) return false;
  return matchesHex(paymentSignature(orderId, paymentId, keySecret), signature);
}

/** `X-Razorpay-Signature`: hex HMAC-SHA256 of the exact raw body with the webhook secret. */
export function webhookSignature(rawBody: string | Uint8Array, secret: string): string {
  return hmacSha256Hex(secret, rawBody);
}

/**
 * Whether `signature` (the X-Razorpay-Signature header) signs `rawBody` (the bytes as received, before any
 * JSON parsing) with the webhook secret. Constant time; a missing, repeated (array), wrong-length or
 * non-hex header is false.
 */
export function isValidWebhookSignature(rawBody: string | Uint8Array, signature: unknown, secret: string): boolean {
  if ((typeof rawBody !== 'string' && !(rawBody instanceof Uint8Array)) || !secret) return false;
  return matchesHex(webhookSignature(rawBody, secret), signature);
}
