import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The page policy: everything from our own origin, except images, which may also come from any https
 * address: staff may give a banner, catalog or product an image URL on their own CDN (spec 3 §5,
 * docs/decisions/0037). An image runs no code, and the Referrer-Policy sends it our origin only, never a path.
 * The payment provider's checkout script and frame are the only other third-party sources.
 */
export const CONTENT_SECURITY_POLICY: Record<string, string[]> = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:', 'https:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'frame-src': ["'none'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

/**
 * What Razorpay's Standard Checkout loads when real keys are configured (its script, its frame, its
 * telemetry and images); the built-in sandbox needs nothing beyond 'self'.
 */
export const RAZORPAY_CHECKOUT_SOURCES: Record<string, string[]> = {
  'script-src': ['https://checkout.razorpay.com', 'https://cdn.razorpay.com'],
  'frame-src': ['https://api.razorpay.com', 'https://checkout.razorpay.com'],
  'connect-src': ['https://lumberjack.razorpay.com', 'https://lumberjack-metrics.razorpay.com'],
  'img-src': ['https://cdn.razorpay.com'],
};

/** The policy, with Razorpay's sources when its checkout is used. */
export function contentSecurityPolicy(razorpayCheckout: boolean): Record<string, string[]> {
  if (!razorpayCheckout) return CONTENT_SECURITY_POLICY;
  const policy = { ...CONTENT_SECURITY_POLICY };
  for (const [directive, sources] of Object.entries(RAZORPAY_CHECKOUT_SOURCES)) {
    policy[directive] = [...(policy[directive] ?? []).filter((source) => source !== "'none'"), ...sources];
  }
  return policy;
}

const helmetOptions = (razorpayCheckout: boolean): Readonly<HelmetOptions> => ({
  contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(razorpayCheckout) },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  crossOriginEmbedderPolicy: false,
  // Content assets are meant to be embeddable by a CDN-fronted site of ours on another origin.
  crossOriginResourcePolicy: { policy: 'same-site' },
  hsts: false, // TLS ends at the proxy in front of us; it sets HSTS.
});

/**
 * The headers Helmet sets for our options. They do not depend on the request (no nonces, no
 * per-request directives), so they are worked out once at start: building them per request (as
 * @fastify/helmet does) cost a tenth of a cached content answer's time.
 */
export function securityHeaders(razorpayCheckout = false): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(helmetOptions(razorpayCheckout))({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => void (failure = error));
  if (failure) throw failure;
  return headers;
}

/** nosniff, frame denial, referrer policy and the CSP on every response. */
export const securityPlugin = fp(async (app: FastifyInstance, options: { razorpayCheckout?: boolean }) => {
  const headers = securityHeaders(options.razorpayCheckout ?? false);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
});
