/**
 * RAZORPAY_* settings, and the adapter they make: Razorpay with keys, the sandbox without; and the same
 * adapter in 'razorpay' mode working against the sandbox when it is given the sandbox's address and keys,
 * which is the sense in which the adapter cannot tell one from the other.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { paymentSettingsFromEnv } from '../src/integrations/razorpay/config';
import { createPaymentProvider, localOrigin, RAZORPAY_CHECKOUT_SCRIPT_URL, SANDBOX_CHECKOUT_SCRIPT_URL } from '../src/integrations/razorpay/provider';
import { paymentSignature, webhookSignature } from '../src/integrations/razorpay/signatures';
import { freshDatabase } from './helper';
import { startSandboxPeer, type SandboxPeer } from './sandbox-peer';

const KEYS = { RAZORPAY_KEY_ID: 'rzp_live_AbCdEf0123456789', RAZORPAY_KEY_SECRET: 'live-secret-value', RAZORPAY_WEBHOOK_SECRET: 'webhook-secret-value' };

describe('paymentSettingsFromEnv', () => {
  it('runs the sandbox when no key is set (blank counts as unset)', () => {
    expect(paymentSettingsFromEnv({})).toEqual({ mode: 'sandbox' });
    expect(paymentSettingsFromEnv({ RAZORPAY_KEY_ID: ' ', RAZORPAY_KEY_SECRET: '', RAZORPAY_API_BASE: 'http://localhost:9' })).toEqual({ mode: 'sandbox' });
  });

  it('takes Razorpay with all three keys, at api.razorpay.com unless RAZORPAY_API_BASE says otherwise', () => {
    expect(paymentSettingsFromEnv(KEYS)).toEqual({
      mode: 'razorpay',
      keyId: KEYS.RAZORPAY_KEY_ID,
      keySecret: KEYS.RAZORPAY_KEY_SECRET,
      webhookSecret: KEYS.RAZORPAY_WEBHOOK_SECRET,
      apiBase: 'https://api.razorpay.com',
    });
    expect(paymentSettingsFromEnv({ ...KEYS, RAZORPAY_API_BASE: 'http://127.0.0.1:4010/' })).toMatchObject({ apiBase: 'http://127.0.0.1:4010' });
  });

  it.each([
    [{ RAZORPAY_KEY_ID: KEYS.RAZORPAY_KEY_ID }, /RAZORPAY_KEY_ID is set but RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET are not/],
    [{ RAZORPAY_KEY_ID: KEYS.RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET: 'x' }, /RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are set but RAZORPAY_WEBHOOK_SECRET is not/],
    [{ RAZORPAY_WEBHOOK_SECRET: 'x' }, /RAZORPAY_WEBHOOK_SECRET is set but RAZORPAY_KEY_ID and RAZORPAY_KEY_SECRET are not/],
  ])('stops the start when only some keys are set: %j', (env, message) => {
    expect(() => paymentSettingsFromEnv(env)).toThrow(message);
    expect(() => paymentSettingsFromEnv(env)).toThrow(/Set all three .* or none to run the built-in sandbox/);
  });

  it('never puts a secret in its errors', () => {
    const env = { RAZORPAY_KEY_SECRET: 'do-not-print-me', RAZORPAY_WEBHOOK_SECRET: 'nor-me' };
    expect(() => paymentSettingsFromEnv(env)).toThrow();
    try {
      paymentSettingsFromEnv(env);
    } catch (error) {
      expect((error as Error).message).not.toMatch(/do-not-print-me|nor-me/);
    }
  });

  it.each(['ftp://api.razorpay.com', 'not a url', 'https://user:pw@api.razorpay.com', 'https://api.razorpay.com/?x=1'])('refuses RAZORPAY_API_BASE %j', (base) => {
    expect(() => paymentSettingsFromEnv({ ...KEYS, RAZORPAY_API_BASE: base })).toThrow(/RAZORPAY_API_BASE must be/);
  });

  it('refuses a key id that is not Razorpay’s', () => {
    expect(() => paymentSettingsFromEnv({ ...KEYS, RAZORPAY_KEY_ID: 'live-key' })).toThrow(/RAZORPAY_KEY_ID must be a Razorpay key id/);
  });
});

describe('localOrigin', () => {
  it.each([
    ['0.0.0.0', 3000, 'http://127.0.0.1:3000'],
    ['::', 3000, 'http://[::1]:3000'],
    ['127.0.0.1', 8080, 'http://127.0.0.1:8080'],
    ['10.1.2.3', 80, 'http://10.1.2.3:80'],
    ['fd00::1', 3000, 'http://[fd00::1]:3000'],
  ])('%s:%i is reached at %s', (host, port, origin) => {
    expect(localOrigin(host, port)).toBe(origin);
  });
});

describe('createPaymentProvider', () => {
  let database: DatabaseHandle;
  let peer: SandboxPeer;

  beforeAll(async () => {
    database = await freshDatabase();
    peer = await startSandboxPeer(database.db);
  });

  afterAll(async () => {
    await peer?.close();
    await database?.close();
  });

  it('with keys: Razorpay’s checkout.js and the configured key id', async () => {
    const provider = await createPaymentProvider(paymentSettingsFromEnv(KEYS), database.db);
    expect(provider.mode).toBe('razorpay');
    expect(provider.keyId).toBe(KEYS.RAZORPAY_KEY_ID);
    expect(provider.checkoutScriptUrl).toBe(RAZORPAY_CHECKOUT_SCRIPT_URL);
    expect(provider.checkoutScriptUrl).toBe('https://checkout.razorpay.com/v1/checkout.js');
    // Its signatures use the configured secrets, not the sandbox's.
    expect(provider.isValidPaymentSignature({ orderId: 'order_A', paymentId: 'pay_B', signature: paymentSignature('order_A', 'pay_B', KEYS.RAZORPAY_KEY_SECRET) })).toBe(true);
    expect(provider.isValidWebhookSignature('{}', webhookSignature('{}', KEYS.RAZORPAY_WEBHOOK_SECRET))).toBe(true);
    expect(provider.isValidWebhookSignature('{}', webhookSignature('{}', KEYS.RAZORPAY_KEY_SECRET))).toBe(false);
  });

  it('without keys: the sandbox’s generated keys and its checkout.js; it needs the sandbox’s address', async () => {
    await expect(createPaymentProvider({ mode: 'sandbox' }, database.db)).rejects.toThrow(/sandboxBaseUrl/);
    const provider = await createPaymentProvider({ mode: 'sandbox' }, database.db, { sandboxBaseUrl: peer.baseUrl });
    expect(provider.mode).toBe('sandbox');
    expect(provider.keyId).toBe(peer.credentials.keyId);
    expect(provider.checkoutScriptUrl).toBe(SANDBOX_CHECKOUT_SCRIPT_URL);
    expect(provider.checkoutScriptUrl).toBe('/sandbox/razorpay/checkout.js');
    const order = await provider.createOrder({ amount: 1000, currency: 'INR', receipt: 'sbx', notes: {} });
    expect(order.status).toBe('created');
  });

  it('in razorpay mode, pointed by RAZORPAY_API_BASE at the sandbox with its keys, does the whole flow', async () => {
    const settings = paymentSettingsFromEnv({
      RAZORPAY_KEY_ID: peer.credentials.keyId,
      RAZORPAY_KEY_SECRET: peer.credentials.keySecret,
      RAZORPAY_WEBHOOK_SECRET: peer.credentials.webhookSecret,
      RAZORPAY_API_BASE: peer.baseUrl,
    });
    const provider = await createPaymentProvider(settings, database.db);
    expect(provider.mode).toBe('razorpay');
    const order = await provider.createOrder({ amount: 31_400, currency: 'INR', receipt: 'via-api-base', notes: { order_id: 'SSD-9' } });
    const paid = await peer.pay(order.id, 'success');
    const paymentId = paid.body.razorpay_payment_id as string;
    expect(provider.isValidPaymentSignature({ orderId: order.id, paymentId, signature: paid.body.razorpay_signature as string })).toBe(true);
    expect(await provider.fetchOrder(order.id)).toMatchObject({ status: 'paid', amount_paid: 31_400 });
    expect((await provider.fetchOrderPayments(order.id)).map((p) => p.id)).toEqual([paymentId]);
    expect(await provider.refundPayment(paymentId, { amount: 1_400 })).toMatchObject({ amount: 1_400, status: 'processed' });
  });
});
