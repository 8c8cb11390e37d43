/**
 * The adapter's HTTP client against a peer that misbehaves in the ways a real network and a real
 * Razorpay can: slow, 5xx, a proxy's HTML page, a truncated body, a refused connection. (The sandbox
 * tests cover the well-behaved protocol.)
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RazorpayClient } from '../src/integrations/razorpay/client';
import { PaymentProviderUnavailableError, RazorpayError } from '../src/integrations/razorpay/errors';

const KEY_ID = 'rzp_test_ClientTest1234';
const KEY_SECRET = 'client-secret-never-in-messages';
const ORDER = {
  id: 'order_DaZlswtdcn9UNV',
  entity: 'order',
  amount: 50000,
  amount_paid: 0,
  amount_due: 50000,
  currency: 'INR',
  receipt: 'Receipt #20',
  offer_id: null,
  status: 'created',
  attempts: 0,
  notes: { key1: 'value1', count: 3 },
  created_at: 1572502745,
};

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: string;
}

let server: Server;
let base: string;
const seen: Seen[] = [];
const hanging = new Set<ServerResponse>();

function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
  res.writeHead(status, { 'content-type': type });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
}

/** The path after /v1 says how to answer. */
function answer(req: IncomingMessage, res: ServerResponse, body: string) {
  const path = (req.url ?? '').replace(/^\/v1/, '');
  seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, contentType: req.headers['content-type'], body });
  if (path === '/orders' && req.method === 'POST') return send(res, 200, { ...ORDER, ...JSON.parse(body), notes: [] });
  if (path === '/orders/order_DaZlswtdcn9UNV') return send(res, 200, ORDER);
  if (path === '/orders/order_slowslowslowsl') return void hanging.add(res);
  if (path === '/orders/order_gatewayhtml502') return send(res, 502, '<html><body>Bad Gateway</body></html>', 'text/html');
  if (path === '/orders/order_servererror500') {
    return send(res, 500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.', source: 'NA', step: 'NA', reason: 'NA', metadata: {} } });
  }
  if (path === '/orders/order_ratelimited429') return send(res, 429, { error: { code: 'BAD_REQUEST_ERROR', description: 'Too many requests' } });
  if (path === '/orders/order_notfoundhtml04') return send(res, 404, '<html>Not Found</html>', 'text/html');
  if (path === '/orders/order_htmlwith200ok') return send(res, 200, '<html>Login</html>', 'text/html');
  if (path === '/orders/order_wrongshape200') return send(res, 200, { id: 'order_wrongshape200', entity: 'payment' });
  if (path === '/orders/order_truncatedbody1') {
    res.writeHead(200, { 'content-type': 'application/json' });
    return res.end(JSON.stringify(ORDER).slice(0, 40));
  }
  if (path === '/orders/order_refusedwithbody') {
    return send(res, 400, {
      error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist', source: 'business', step: 'payment_initiation', reason: 'input_validation_failed', metadata: { secret_marker: 'FULL-BODY-MARKER' }, field: 'id' },
    });
  }
  return send(res, 400, { error: { code: 'BAD_REQUEST_ERROR', description: 'The requested URL was not found on the server.' } });
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => answer(req, res, body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const res of hanging) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const client = (timeoutMs = 2000) => new RazorpayClient({ baseUrl: `${base}/`, keyId: KEY_ID, keySecret: KEY_SECRET, timeoutMs });

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(Error);
  expect((error as Error).message).not.toContain(KEY_SECRET);
  return error as Error;
}

describe('RazorpayClient', () => {
  it('sends Basic auth with the key id and secret, and JSON', async () => {
    const order = await client().createOrder({ amount: 50000, currency: 'INR', receipt: 'r1', notes: { a: 'b' } });
    const request = seen.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/orders');
    expect(request.authorization).toBe(`Basic ${Buffer.from(`${KEY_ID}:${KEY_SECRET}`).toString('base64')}`);
    expect(request.contentType).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ amount: 50000, currency: 'INR', receipt: 'r1', notes: { a: 'b' } });
    // notes: [] (Razorpay's empty notes) reads as {}.
    expect(order.notes).toEqual({});
  });

  it('reads an order, keeping only the fields of the entity and notes as text', async () => {
    const order = await client().fetchOrder('order_DaZlswtdcn9UNV');
    expect(order).toEqual({ ...Object.fromEntries(Object.entries(ORDER).filter(([k]) => k !== 'offer_id')), notes: { key1: 'value1', count: '3' } });
  });

  it('escapes ids in the path', async () => {
    await failure(client().fetchOrder('order_x/../../payments'));
    expect(seen.at(-1)!.url).toBe('/v1/orders/order_x%2F..%2F..%2Fpayments');
  });

  it('turns a 4xx with Razorpay’s error body into a RazorpayError, without the body in its message', async () => {
    const error = (await failure(client().fetchOrder('order_refusedwithbody'))) as RazorpayError;
    expect(error).toBeInstanceOf(RazorpayError);
    expect({ status: error.status, code: error.code, description: error.description, field: error.field, reason: error.reason }).toEqual({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The id provided does not exist',
      field: 'id',
      reason: 'input_validation_failed',
    });
    expect(error.message).toContain('GET /v1/orders/order_refusedwithbody');
    expect(error.message).not.toContain('FULL-BODY-MARKER');
  });

  it('turns a 4xx without Razorpay’s body (a wrong RAZORPAY_API_BASE) into a RazorpayError UNEXPECTED_RESPONSE', async () => {
    const error = (await failure(client().fetchOrder('order_notfoundhtml04'))) as RazorpayError;
    expect(error).toBeInstanceOf(RazorpayError);
    expect(error).toMatchObject({ status: 404, code: 'UNEXPECTED_RESPONSE' });
  });

  it.each([
    ['a 502 HTML page', 'order_gatewayhtml502', 502],
    ['a 500 with SERVER_ERROR', 'order_servererror500', 500],
    ['a 429', 'order_ratelimited429', 429],
    ['a 200 HTML page', 'order_htmlwith200ok', 200],
    ['a 200 of another entity', 'order_wrongshape200', 200],
    ['a truncated 200', 'order_truncatedbody1', 200],
  ])('turns %s into PaymentProviderUnavailableError', async (_what, id, status) => {
    const error = (await failure(client().fetchOrder(id))) as PaymentProviderUnavailableError;
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
    expect(error.status).toBe(status);
    expect(error.message).not.toContain('<html');
  });

  it('gives up on a peer that does not answer within the time limit', async () => {
    const started = Date.now();
    const error = (await failure(client(300).fetchOrder('order_slowslowslowsl'))) as PaymentProviderUnavailableError;
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
    expect(error.message).toContain('no answer within 300 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('reports a refused connection as unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', () => resolve()));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const unreachable = new RazorpayClient({ baseUrl: `http://127.0.0.1:${port}`, keyId: KEY_ID, keySecret: KEY_SECRET });
    const error = await failure(unreachable.fetchOrder('order_DaZlswtdcn9UNV'));
    expect(error).toBeInstanceOf(PaymentProviderUnavailableError);
    expect((error as PaymentProviderUnavailableError).status).toBeNull();
  });

  it('asks a base address given as a function at each call', async () => {
    let current = 'http://127.0.0.1:1';
    const lazy = new RazorpayClient({ baseUrl: () => current, keyId: KEY_ID, keySecret: KEY_SECRET, timeoutMs: 2000 });
    current = base;
    expect((await lazy.fetchOrder('order_DaZlswtdcn9UNV')).id).toBe('order_DaZlswtdcn9UNV');
  });
});
