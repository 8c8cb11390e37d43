/**
 * The sandbox's webhooks, as Razorpay sends them: a JSON event (`entity: 'event'`, `account_id`, `event`,
 * `contains`, `payload`, `created_at`) POSTed with `X-Razorpay-Signature` (hex HMAC-SHA256 of the exact body
 * with the webhook secret) and `x-razorpay-event-id` (one id per event, the same on every retry). A non-2xx
 * answer or a failure is retried with backoff, a bounded number of times; events of one payment are sent
 * independently, so they may arrive in any order, as Razorpay's may.
 */
import type { FastifyBaseLogger } from 'fastify';
import { webhookSignature } from '../integrations/razorpay/signatures';
import { newEventId } from './ids';
import type { OrderEntity, PaymentEntity } from './store';

/** Hands one webhook to the store's endpoint; resolves with the HTTP status it answered. */
export type DeliverWebhook = (rawBody: string, headers: Record<string, string>) => Promise<{ statusCode: number }>;

/** 'hold' keeps an event instead of delivering it: a webhook that never arrives. */
export type WebhookMode = 'deliver' | 'hold';

export interface SandboxEvent {
  entity: 'event';
  account_id: string;
  event: 'payment.captured' | 'payment.failed' | 'order.paid';
  contains: Array<'payment' | 'order'>;
  payload: { payment: { entity: PaymentEntity }; order?: { entity: OrderEntity } };
  created_at: number;
}

/** What became of one event, for tests and for anyone replaying held events by hand. */
export interface WebhookReport {
  eventId: string;
  event: SandboxEvent['event'];
  orderId: string;
  /** held: not sent (mode 'hold'); delivered: answered 2xx; retrying: failed, another attempt is scheduled; gave_up: failed for the last time. */
  status: 'held' | 'delivered' | 'retrying' | 'gave_up';
  /** 1 for the first delivery; 0 for a held event. */
  attempt: number;
  statusCode: number | null;
  rawBody: string;
  headers: Record<string, string>;
}

/** 5 attempts over about 6 minutes. Razorpay retries for 24 hours; a sandbox in one process need not. */
export const DEFAULT_RETRY_DELAYS_MS = [2_000, 10_000, 60_000, 300_000];

export interface WebhookDispatcherOptions {
  deliver: DeliverWebhook;
  secret: string;
  /** Per event; default 'deliver'. */
  mode?: WebhookMode | ((event: SandboxEvent) => WebhookMode);
  /** Waits before the 2nd, 3rd… attempt; its length bounds the retries. */
  retryDelaysMs?: number[];
  onReport?: (report: WebhookReport) => void;
  log?: FastifyBaseLogger;
}

/** One event per call: `payment.captured` and `order.paid` for a success, `payment.failed` for a failure. */
export function paymentEvents(accountId: string, order: OrderEntity, payment: PaymentEntity, createdAt: number): SandboxEvent[] {
  const base = { entity: 'event' as const, account_id: accountId, created_at: createdAt };
  if (payment.status === 'failed') {
    return [{ ...base, event: 'payment.failed', contains: ['payment'], payload: { payment: { entity: payment } } }];
  }
  return [
    { ...base, event: 'payment.captured', contains: ['payment'], payload: { payment: { entity: payment } } },
    { ...base, event: 'order.paid', contains: ['payment', 'order'], payload: { payment: { entity: payment }, order: { entity: order } } },
  ];
}

export class WebhookDispatcher {
  private readonly timers = new Set<NodeJS.Timeout>();
  private pending = 0;
  private idleWaiters: Array<() => void> = [];
  private closed = false;
  private readonly retryDelaysMs: number[];

  constructor(private readonly options: WebhookDispatcherOptions) {
    this.retryDelaysMs = options.retryDelaysMs ?? DEFAULT_RETRY_DELAYS_MS;
  }

  /** Signs and sends each event after the current request is answered (nobody waits for a webhook). */
  send(events: SandboxEvent[]): void {
    for (const event of events) {
      const rawBody = JSON.stringify(event);
      const eventId = newEventId();
      const headers = {
        'content-type': 'application/json',
        'user-agent': 'Razorpay-Webhook/v1',
        'x-razorpay-event-id': eventId,
        'x-razorpay-signature': webhookSignature(rawBody, this.options.secret),
      };
      const base = { eventId, event: event.event, orderId: event.payload.payment.entity.order_id, rawBody, headers };
      const mode = typeof this.options.mode === 'function' ? this.options.mode(event) : (this.options.mode ?? 'deliver');
      if (mode === 'hold') {
        this.report({ ...base, status: 'held', attempt: 0, statusCode: null });
        continue;
      }
      this.schedule(0, () => this.attempt(base, 1));
    }
  }

  /** Resolves once no delivery is under way or scheduled (tests wait on it). */
  idle(): Promise<void> {
    if (this.pending === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops: scheduled attempts are dropped (as a crashed sandbox would drop them). */
  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.pending = 0;
    this.wakeIdle();
  }

  private schedule(delayMs: number, run: () => Promise<void>): void {
    if (this.closed) return;
    this.pending += 1;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void run().finally(() => {
        if (this.closed) return;
        this.pending -= 1;
        if (this.pending === 0) this.wakeIdle();
      });
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private async attempt(base: Omit<WebhookReport, 'status' | 'attempt' | 'statusCode'>, attempt: number): Promise<void> {
    let statusCode: number | null = null;
    let failure: string | null = null;
    try {
      ({ statusCode } = await this.options.deliver(base.rawBody, base.headers));
      if (statusCode < 200 || statusCode > 299) failure = `answered ${statusCode}`;
    } catch (error) {
      failure = error instanceof Error ? error.message : String(error);
    }
    if (this.closed) return;
    if (failure === null) {
      this.report({ ...base, status: 'delivered', attempt, statusCode });
      return;
    }
    const delay = this.retryDelaysMs[attempt - 1];
    const context = { eventId: base.eventId, event: base.event, orderId: base.orderId, attempt, statusCode };
    if (delay === undefined) {
      this.options.log?.error(context, `sandbox webhook not delivered (${failure}); giving up`);
      this.report({ ...base, status: 'gave_up', attempt, statusCode });
      return;
    }
    this.options.log?.warn(context, `sandbox webhook not delivered (${failure}); retrying in ${delay} ms`);
    this.report({ ...base, status: 'retrying', attempt, statusCode });
    this.schedule(delay, () => this.attempt(base, attempt + 1));
  }

  private report(report: WebhookReport): void {
    try {
      this.options.onReport?.(report);
    } catch (error) {
      this.options.log?.error({ err: error }, 'sandbox webhook report handler failed');
    }
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const wake of waiters) wake();
  }
}

/**
 * Delivery over HTTP, as Razorpay delivers: POST `url` with the body and headers. With a time limit; a
 * refused connection or a timeout throws (and is retried).
 */
export function httpWebhookDelivery(url: string | (() => string), options: { timeoutMs?: number; fetch?: typeof fetch } = {}): DeliverWebhook {
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async (rawBody, headers) => {
    const response = await fetchImpl(typeof url === 'function' ? url() : url, {
      method: 'POST',
      headers,
      body: rawBody,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel().catch(() => {});
    return { statusCode: response.status };
  };
}
