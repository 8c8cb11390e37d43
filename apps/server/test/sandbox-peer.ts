/**
 * The built-in Razorpay sandbox as a real HTTP peer on 127.0.0.1 (port 0), with the production adapter
 * pointed at it, and a webhook receiver standing in for the store's endpoint. For the sandbox's and the
 * adapter's tests, and for anyone who needs the provider listening (reconciliation, late webhooks).
 */
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Database } from '../src/db/client';
import { createPaymentProvider } from '../src/integrations/razorpay/provider';
import type { PaymentProvider } from '../src/integrations/razorpay/types';
import { sandboxCredentials, type SandboxCredentials } from '../src/sandbox/credentials';
import { SANDBOX_PREFIX, sandboxPlugin, type SandboxPluginOptions } from '../src/sandbox/plugin';
import type { WebhookReport } from '../src/sandbox/webhooks';

export interface SandboxPeer {
  app: FastifyInstance;
  origin: string;
  /** `${origin}/sandbox/razorpay`, what the adapter is given. */
  baseUrl: string;
  credentials: SandboxCredentials;
  provider: PaymentProvider;
  /** What became of each webhook event, in order. */
  reports: WebhookReport[];
  /** Presses Success or Failure in the checkout, as checkout.js does. */
  pay(orderId: string, outcome: 'success' | 'failure', extra?: Record<string, unknown>): Promise<{ status: number; body: Record<string, unknown> }>;
  /** Basic-auth REST call to the sandbox, for looking at raw answers. */
  rest(method: 'GET' | 'POST', path: string, body?: unknown, auth?: string | null): Promise<{ status: number; body: Record<string, unknown> }>;
  close(): Promise<void>;
}

export async function startSandboxPeer(
  db: Database,
  options: Partial<Omit<SandboxPluginOptions, 'db' | 'keyId' | 'keySecret' | 'webhookSecret'>> = {},
): Promise<SandboxPeer> {
  const credentials = await sandboxCredentials(db);
  const reports: WebhookReport[] = [];
  const app = Fastify({ logger: false });
  await app.register(sandboxPlugin, {
    prefix: SANDBOX_PREFIX,
    db,
    ...credentials,
    deliverWebhook: async () => ({ statusCode: 200 }),
    ...options,
    onWebhook: (report) => {
      reports.push(report);
      options.onWebhook?.(report);
    },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const baseUrl = `${origin}${SANDBOX_PREFIX}`;
  const provider = await createPaymentProvider({ mode: 'sandbox' }, db, { sandboxBaseUrl: baseUrl, timeoutMs: 5000 });
  const basic = `Basic ${Buffer.from(`${credentials.keyId}:${credentials.keySecret}`).toString('base64')}`;

  async function call(url: string, init: RequestInit) {
    const response = await fetch(url, init);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  }

  return {
    app,
    origin,
    baseUrl,
    credentials,
    provider,
    reports,
    pay: (orderId, outcome, extra = {}) =>
      call(`${baseUrl}/checkout/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ key: credentials.keyId, order_id: orderId, outcome, ...extra }),
      }),
    rest: (method, path, body, auth = basic) =>
      call(`${baseUrl}/v1${path}`, {
        method,
        headers: { ...(auth === null ? {} : { authorization: auth }), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    close: () => app.close(),
  };
}

/** Resolves when `check` holds, polling; fails after `timeoutMs`. */
export async function eventually(check: () => boolean, timeoutMs = 5000, what = 'the condition'): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
