/**
 * A small typed client for the part of Razorpay's REST API the store uses: Orders, Payments of an order,
 * a Payment, Refunds. Basic auth with the key id and secret; JSON both ways; amounts in paise. It talks
 * to whatever base address it is given: https://api.razorpay.com, or the built-in sandbox.
 *
 * Not the official `razorpay` package: its client has the host fixed ('https://api.razorpay.com', no
 * option), sets no time limit, and turns a network failure into a TypeError (its error normaliser reads
 * `err.response.status`). Answers are checked against the entities' shapes (zod) so a proxy's HTML page
 * or a truncated body is reported, not passed on.
 */
import type { z } from 'zod';
import { errorBodySchema, orderSchema, paymentCollectionSchema, paymentSchema, refundCollectionSchema, refundSchema } from './entities';
import { PaymentProviderUnavailableError, RazorpayError, type RazorpayErrorBody } from './errors';
import type { ProviderOrder, ProviderPayment, ProviderRefund, RefundRequest } from './types';

export const RAZORPAY_API_BASE = 'https://api.razorpay.com';
export const DEFAULT_TIMEOUT_MS = 10_000;
/** A genuine answer (an order's payments included) is a few kilobytes. */
const MAX_RESPONSE_CHARS = 1024 * 1024;

export interface RazorpayClientOptions {
  /** Up to, not including, `/v1`: https://api.razorpay.com or `${origin}/sandbox/razorpay`. A function is asked at each call. */
  baseUrl: string | (() => string);
  keyId: string;
  keySecret: string;
  /** Per-request time limit, answer included (default 10 s). */
  timeoutMs?: number;
  /** Injected for tests; defaults to the global fetch. */
  fetch?: typeof fetch;
}

export interface CreateOrderInput {
  /** Paise, at least 100. */
  amount: number;
  currency: 'INR';
  /** Our own reference, 40 characters at most. */
  receipt?: string;
  /** At most 15 pairs, 256 characters each. */
  notes?: Record<string, string>;
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? ` (${error.cause.message})` : '';
    return `${error.name}: ${error.message}${cause}`;
  }
  return String(error);
}

function stripTrailingSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

export class RazorpayClient {
  private readonly authorization: string;
  private readonly timeoutMs: number;
  private readonly fetch: typeof fetch;

  constructor(private readonly options: RazorpayClientOptions) {
    this.authorization = `Basic ${Buffer.from(`${options.keyId}:${options.keySecret}`, 'utf8').toString('base64')}`;
    this.timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
    this.fetch = options.fetch ?? globalThis.fetch;
  }

  /** POST /v1/orders */
  createOrder(input: CreateOrderInput): Promise<ProviderOrder> {
    return this.request('POST', '/orders', orderSchema, input);
  }

  /** GET /v1/orders/{id} */
  fetchOrder(orderId: string): Promise<ProviderOrder> {
    return this.request('GET', `/orders/${encodeURIComponent(orderId)}`, orderSchema);
  }

  /** GET /v1/orders/{id}/payments: every attempt on the order (failed ones included), as Razorpay lists them. */
  async fetchOrderPayments(orderId: string): Promise<ProviderPayment[]> {
    const collection = await this.request('GET', `/orders/${encodeURIComponent(orderId)}/payments`, paymentCollectionSchema);
    return collection.items;
  }

  /** GET /v1/payments/{id} */
  fetchPayment(paymentId: string): Promise<ProviderPayment> {
    return this.request('GET', `/payments/${encodeURIComponent(paymentId)}`, paymentSchema);
  }

  /** POST /v1/payments/{id}/refund: full (no amount) or partial; only captured payments can be refunded. */
  refundPayment(paymentId: string, input: RefundRequest = {}): Promise<ProviderRefund> {
    const { idempotencyKey, ...body } = input;
    const headers: Record<string, string> = idempotencyKey === undefined ? {} : { 'x-refund-idempotency': idempotencyKey };
    return this.request('POST', `/payments/${encodeURIComponent(paymentId)}/refund`, refundSchema, body, headers);
  }

  /** GET /v1/payments/{id}/refunds?count=100: the payment's refunds (Razorpay answers 10 unless asked for up to 100). */
  async fetchPaymentRefunds(paymentId: string): Promise<ProviderRefund[]> {
    const collection = await this.request('GET', `/payments/${encodeURIComponent(paymentId)}/refunds?count=100`, refundCollectionSchema);
    return collection.items;
  }

  private baseUrl(): string {
    const base = typeof this.options.baseUrl === 'function' ? this.options.baseUrl() : this.options.baseUrl;
    return stripTrailingSlash(base);
  }

  private async request<T>(method: 'GET' | 'POST', path: string, schema: z.ZodType<T, unknown>, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<T> {
    const call = `${method} /v1${path.replace(/\?.*$/, '')}`;
    let response: Response;
    let text: string;
    try {
      response = await this.fetch(`${this.baseUrl()}/v1${path}`, {
        method,
        headers: {
          authorization: this.authorization,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...extraHeaders,
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > MAX_RESPONSE_CHARS) {
        await response.body?.cancel().catch(() => {});
        throw new PaymentProviderUnavailableError(call, `answer too large (${declared} bytes)`, { status: response.status });
      }
      text = await response.text();
    } catch (error) {
      if (error instanceof PaymentProviderUnavailableError) throw error;
      const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new PaymentProviderUnavailableError(call, timedOut ? `no answer within ${this.timeoutMs} ms` : describe(error), { cause: error });
    }
    if (text.length > MAX_RESPONSE_CHARS) {
      throw new PaymentProviderUnavailableError(call, `answer too large (${text.length} characters)`, { status: response.status });
    }
    const json = parseJson(text);

    if (response.ok) {
      const parsed = schema.safeParse(json);
      if (parsed.success) return parsed.data;
      const issue = parsed.error.issues[0];
      const where = issue ? `${issue.path.join('.') || 'body'}: ${issue.message}` : 'unexpected shape';
      throw new PaymentProviderUnavailableError(call, `answered ${response.status} with an unexpected body (${where})`, { status: response.status });
    }

    const errorBody = errorBodySchema.safeParse(json);
    const rzp: RazorpayErrorBody | null = errorBody.success ? errorBody.data.error : null;
    if (response.status >= 500 || response.status === 429) {
      const what = rzp ? `${rzp.code}: ${rzp.description.slice(0, 200)}` : 'no error body';
      throw new PaymentProviderUnavailableError(call, `answered ${response.status} (${what})`, { status: response.status });
    }
    throw new RazorpayError(
      response.status,
      rzp ?? { code: 'UNEXPECTED_RESPONSE', description: `answered ${response.status} without Razorpay's error body` },
      call,
    );
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
