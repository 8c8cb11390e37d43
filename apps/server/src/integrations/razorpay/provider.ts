/**
 * The one payment adapter: Razorpay's REST API, Standard Checkout and signatures, pointed at Razorpay
 * when keys are configured and at the built-in sandbox (src/sandbox/) otherwise. Nothing else differs,
 * so the demo and the tests run the production code path.
 */
import type { Database } from '../../db/client';
import { sandboxCredentials } from '../../sandbox/credentials';
import { SANDBOX_PREFIX } from '../../sandbox/plugin';
import { RazorpayClient } from './client';
import type { PaymentSettings } from './config';
import { isValidPaymentSignature, isValidWebhookSignature } from './signatures';
import type { PaymentProvider, ProviderOrder, ProviderPayment, ProviderRefund, RefundRequest } from './types';

export const RAZORPAY_CHECKOUT_SCRIPT_URL = 'https://checkout.razorpay.com/v1/checkout.js';
export const SANDBOX_CHECKOUT_SCRIPT_URL = `${SANDBOX_PREFIX}/checkout.js`;

export interface PaymentProviderOptions {
  /**
   * Sandbox mode only: where this server's sandbox answers server-to-server calls, `${own origin}/sandbox/razorpay`
   * (see localOrigin). A function is asked at each call, for a server whose port is known only once it listens.
   */
  sandboxBaseUrl?: string | (() => string);
  /** Per-request time limit (default 10 s). */
  timeoutMs?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

/**
 * The address this server can reach itself at: HOST 0.0.0.0 or :: (every interface) means loopback.
 * `${localOrigin(host, port)}/sandbox/razorpay` is the sandbox's base address.
 */
export function localOrigin(host: string, port: number): string {
  if (host === '0.0.0.0' || host === '' || host === 'localhost') return `http://127.0.0.1:${port}`;
  if (host === '::' || host === '[::]') return `http://[::1]:${port}`;
  return host.includes(':') && !host.startsWith('[') ? `http://[${host}]:${port}` : `http://${host}:${port}`;
}

class RazorpayAdapter implements PaymentProvider {
  constructor(
    readonly mode: 'razorpay' | 'sandbox',
    readonly keyId: string,
    readonly checkoutScriptUrl: string,
    private readonly keySecret: string,
    private readonly webhookSecret: string,
    private readonly client: RazorpayClient,
  ) {}

  createOrder(input: { amount: number; currency: 'INR'; receipt: string; notes: Record<string, string> }): Promise<ProviderOrder> {
    return this.client.createOrder(input);
  }

  fetchOrder(orderId: string): Promise<ProviderOrder> {
    return this.client.fetchOrder(orderId);
  }

  fetchOrderPayments(orderId: string): Promise<ProviderPayment[]> {
    return this.client.fetchOrderPayments(orderId);
  }

  fetchPayment(paymentId: string): Promise<ProviderPayment> {
    return this.client.fetchPayment(paymentId);
  }

  refundPayment(paymentId: string, input?: RefundRequest): Promise<ProviderRefund> {
    return this.client.refundPayment(paymentId, input);
  }

  fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]> {
    return this.client.fetchPaymentRefunds(paymentId);
  }

  isValidPaymentSignature(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return isValidPaymentSignature(input.orderId, input.paymentId, input.signature, this.keySecret);
  }

  isValidWebhookSignature(rawBody: string | Uint8Array, signature: string | string[] | undefined): boolean {
    return isValidWebhookSignature(rawBody, signature, this.webhookSecret);
  }
}

/**
 * With keys: Razorpay at settings.apiBase, checkout.js from checkout.razorpay.com. Without: the sandbox's
 * generated keys (kept in the database, shared by every server on it) at options.sandboxBaseUrl, and its
 * checkout.js from this server. The sandbox plugin must be registered with the same credentials
 * (sandbox/credentials.ts: sandboxCredentials(db)).
 */
export async function createPaymentProvider(settings: PaymentSettings, db: Database, options: PaymentProviderOptions = {}): Promise<PaymentProvider> {
  const common = { timeoutMs: options.timeoutMs, fetch: options.fetch };
  if (settings.mode === 'razorpay') {
    const client = new RazorpayClient({ baseUrl: settings.apiBase, keyId: settings.keyId, keySecret: settings.keySecret, ...common });
    return new RazorpayAdapter('razorpay', settings.keyId, RAZORPAY_CHECKOUT_SCRIPT_URL, settings.keySecret, settings.webhookSecret, client);
  }
  if (!options.sandboxBaseUrl) throw new Error('The payment sandbox needs its base address (sandboxBaseUrl: `${own origin}/sandbox/razorpay`)');
  const credentials = await sandboxCredentials(db);
  const client = new RazorpayClient({ baseUrl: options.sandboxBaseUrl, keyId: credentials.keyId, keySecret: credentials.keySecret, ...common });
  return new RazorpayAdapter('sandbox', credentials.keyId, SANDBOX_CHECKOUT_SCRIPT_URL, credentials.keySecret, credentials.webhookSecret, client);
}
