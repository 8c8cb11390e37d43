/**
 * Razorpay's payment and webhook signatures against vectors computed independently (openssl dgst -sha256
 * -hmac; the third is RFC 4231's test case 2), and the refusals of anything that is not a signature.
 */
import { describe, expect, it } from 'vitest';
import { isValidPaymentSignature, isValidWebhookSignature, paymentSignature, webhookSignature } from '../src/integrations/razorpay/signatures';

// printf '%s' 'order_IluGWxBm9U8zJ8|pay_IH4NVgf4Dreq1l' | openssl dgst -sha256 -hmac 'EnLs21M47BllR3X8PSFtjtbd'
const PAYMENT = {
  orderId: 'order_IluGWxBm9U8zJ8',
  paymentId: 'pay_IH4NVgf4Dreq1l',
  keySecret: 'EnLs21M47BllR3X8PSFtjtbd',
  signature: 'c7a6b6e37e5fb8b5387cd93cff2f9cedbf5cb78112fd50292c56b4cecb49b80d',
};
// printf '%s' '{"entity":"event","event":"payment.captured","amount":"₹1,250.50"}' | openssl dgst -sha256 -hmac 'whsec_test_12345'
const WEBHOOK = {
  body: '{"entity":"event","event":"payment.captured","amount":"₹1,250.50"}',
  secret: 'whsec_test_12345',
  signature: '92e6ec84a490b30009018a32ad2b1244c3c4bf1272beb39f4ed1f3a2a5a3feb2',
};
const RFC4231_CASE_2 = { key: 'Jefe', data: 'what do ya want for nothing?', mac: '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843' };

describe('payment signature', () => {
  it('is the hex HMAC-SHA256 of order_id|payment_id with the key secret', () => {
    expect(paymentSignature(PAYMENT.orderId, PAYMENT.paymentId, PAYMENT.keySecret)).toBe(PAYMENT.signature);
    expect(isValidPaymentSignature(PAYMENT.orderId, PAYMENT.paymentId, PAYMENT.signature, PAYMENT.keySecret)).toBe(true);
  });

  it('accepts the same digits in capitals', () => {
    expect(isValidPaymentSignature(PAYMENT.orderId, PAYMENT.paymentId, PAYMENT.signature.toUpperCase(), PAYMENT.keySecret)).toBe(true);
  });

  it('refuses another order, payment, secret or order of the parts', () => {
    expect(isValidPaymentSignature('order_IluGWxBm9U8zJ9', PAYMENT.paymentId, PAYMENT.signature, PAYMENT.keySecret)).toBe(false);
    expect(isValidPaymentSignature(PAYMENT.orderId, 'pay_IH4NVgf4Dreq1m', PAYMENT.signature, PAYMENT.keySecret)).toBe(false);
    expect(isValidPaymentSignature(PAYMENT.orderId, PAYMENT.paymentId, PAYMENT.signature, 'another-secret')).toBe(false);
    expect(isValidPaymentSignature(PAYMENT.paymentId, PAYMENT.orderId, PAYMENT.signature, PAYMENT.keySecret)).toBe(false);
  });

  it.each([
    ['one digit changed', PAYMENT.signature.slice(0, -1) + 'e'],
    ['one digit short', PAYMENT.signature.slice(0, -1)],
    ['one digit long', PAYMENT.signature + '0'],
    ['hex with a stray letter', PAYMENT.signature.slice(0, -1) + 'g'],
    ['base64 of the digest', Buffer.from(PAYMENT.signature, 'hex').toString('base64')],
    ['empty', ''],
    ['undefined', undefined],
    ['null', null],
    ['an array', [PAYMENT.signature]],
    ['a number', 42],
  ])('refuses a signature that is %s', (_what, signature) => {
    expect(isValidPaymentSignature(PAYMENT.orderId, PAYMENT.paymentId, signature, PAYMENT.keySecret)).toBe(false);
  });

  it('refuses when the order id, payment id or secret is empty', () => {
    expect(isValidPaymentSignature('', PAYMENT.paymentId, paymentSignature('', PAYMENT.paymentId, PAYMENT.keySecret), PAYMENT.keySecret)).toBe(false);
    expect(isValidPaymentSignature(PAYMENT.orderId, '', paymentSignature(PAYMENT.orderId, '', PAYMENT.keySecret), PAYMENT.keySecret)).toBe(false);
    expect(isValidPaymentSignature(PAYMENT.orderId, PAYMENT.paymentId, paymentSignature(PAYMENT.orderId, PAYMENT.paymentId, ''), '')).toBe(false);
  });
});

describe('webhook signature', () => {
  it('is the hex HMAC-SHA256 of the raw body with the webhook secret (RFC 4231 vector too)', () => {
    expect(webhookSignature(RFC4231_CASE_2.data, RFC4231_CASE_2.key)).toBe(RFC4231_CASE_2.mac);
    expect(webhookSignature(WEBHOOK.body, WEBHOOK.secret)).toBe(WEBHOOK.signature);
    expect(isValidWebhookSignature(WEBHOOK.body, WEBHOOK.signature, WEBHOOK.secret)).toBe(true);
  });

  it('checks the bytes as received: a Buffer of the body is the same, any change is not', () => {
    expect(isValidWebhookSignature(Buffer.from(WEBHOOK.body, 'utf8'), WEBHOOK.signature, WEBHOOK.secret)).toBe(true);
    expect(isValidWebhookSignature(WEBHOOK.body + '\n', WEBHOOK.signature, WEBHOOK.secret)).toBe(false);
    expect(isValidWebhookSignature(JSON.stringify(JSON.parse(WEBHOOK.body), null, 2), WEBHOOK.signature, WEBHOOK.secret)).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK.body.replace('1,250.50', '1,250.51'), WEBHOOK.signature, WEBHOOK.secret)).toBe(false);
  });

  it('refuses another secret, a missing or repeated header and non-hex', () => {
    expect(isValidWebhookSignature(WEBHOOK.body, WEBHOOK.signature, 'whsec_test_12346')).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK.body, WEBHOOK.signature, '')).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK.body, undefined, WEBHOOK.secret)).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK.body, [WEBHOOK.signature, WEBHOOK.signature], WEBHOOK.secret)).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK.body, `sha256=${WEBHOOK.signature}`, WEBHOOK.secret)).toBe(false);
    expect(isValidWebhookSignature(WEBHOOK.body, WEBHOOK.signature.slice(2), WEBHOOK.secret)).toBe(false);
  });
});
