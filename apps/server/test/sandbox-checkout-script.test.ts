/**
 * The sandbox's checkout.js as served: its type, that it parses and defines the `Razorpay` constructor
 * Standard Checkout defines, and nothing in it a `style-src 'self'` policy would block. (The dialog's
 * behaviour in a browser belongs to the browser journeys.)
 */
import { runInNewContext } from 'node:vm';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { SANDBOX_PREFIX, sandboxPlugin } from '../src/sandbox/plugin';

const KEY_ID = 'rzp_test_ScriptTest0000';
const BASE = `http://shop.example${SANDBOX_PREFIX}`;
let app: FastifyInstance;
let source: string;
let response: { statusCode: number; headers: Record<string, unknown> };

beforeAll(async () => {
  app = Fastify({ logger: false });
  // Serving the script and stylesheet reads no records: no database behind this one.
  await app.register(sandboxPlugin, {
    prefix: SANDBOX_PREFIX,
    db: {} as Database,
    keyId: KEY_ID,
    keySecret: 'unused',
    webhookSecret: 'unused',
    deliverWebhook: async () => ({ statusCode: 200 }),
  });
  const served = await app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/checkout.js` });
  response = served;
  source = served.body;
});

afterAll(async () => {
  await app?.close();
});

/** Runs the script with as much of a browser as loading it touches: window and document.currentScript. */
function load(scriptSrc: string | null) {
  const window: Record<string, unknown> = {};
  const document = { currentScript: scriptSrc === null ? null : { src: scriptSrc } };
  runInNewContext(source, { window, document });
  return window;
}

describe('checkout.js', () => {
  it('is served as JavaScript, not cached for long', () => {
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('parses', () => {
    expect(() => new Function(source)).not.toThrow();
  });

  it('defines window.Razorpay with open, on and close, and wants a key', () => {
    const window = load(`${BASE}/checkout.js`);
    const Razorpay = window.Razorpay as new (options: unknown) => Record<string, unknown>;
    expect(typeof Razorpay).toBe('function');
    const checkout = new Razorpay({ key: KEY_ID, order_id: 'order_X', amount: 100 });
    for (const method of ['open', 'on', 'close']) expect(typeof checkout[method]).toBe('function');
    expect((checkout.on as (e: string, h: () => void) => unknown)('payment.failed', () => {})).toBe(checkout);
    expect(() => new Razorpay({})).toThrow(/key/);
    expect(() => new Razorpay(undefined)).toThrow(/options/);
  });

  it('keeps a Razorpay already defined by an earlier load', () => {
    const window: Record<string, unknown> = {};
    const document = { currentScript: { src: `${BASE}/checkout.js` } };
    runInNewContext(source, { window, document });
    const first = window.Razorpay;
    runInNewContext(source, { window, document });
    expect(window.Razorpay).toBe(first);
  });

  it('builds its dialog with the DOM, no markup strings, inline styles or eval', () => {
    for (const banned of ['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'document.write', "setAttribute('style'", 'style=', '<style', 'eval(', 'new Function']) {
      expect(source, banned).not.toContain(banned);
    }
    // What the issue asks of the dialog is there: its role, the two buttons and the close button's name.
    for (const needed of ["'role', 'dialog'", "'aria-modal', 'true'", "button('Success'", "button('Failure'", "'aria-label', 'Close'", "'SSD Store sandbox payment'", "'payment.failed'", 'ondismiss', "'Escape'"]) {
      expect(source, needed).toContain(needed);
    }
  });

  it('serves its stylesheet as CSS beside it', async () => {
    const css = await app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/checkout.css` });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(css.body).toContain('.ssd-rzp-dialog');
  });
});
