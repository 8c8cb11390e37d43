import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db/client';
import { otpCodes } from '../src/db/schema';
import { parseTrustProxy } from '../src/lib/trust-proxy';
import { OTP_PER_IP_PER_HOUR } from '../src/modules/auth/policy';
import { freshDatabase, TEST_JWT_SECRET } from './helper';

/**
 * What a request's client address is under each TRUST_PROXY setting, for the chains real proxies send:
 * a proxy appends the address it received the request from to whatever X-Forwarded-For the client wrote,
 * so a client's own entries are always on the left. Every app here is the whole app (app.ts) built with
 * the setting, as main.ts builds it from TRUST_PROXY.
 */

const CLIENT = '203.0.113.7'; // the shopper's real address
const SPOOF = '1.2.3.4'; // what the shopper writes into X-Forwarded-For itself

let database: DatabaseHandle;
const outbox = mkdtempSync(join(tmpdir(), 'ssd-trust-proxy-mail-'));
const apps = new Map<string, FastifyInstance>();

/** The app with TRUST_PROXY=`value`, plus a route that answers request.ip. */
async function appWith(value: string | undefined): Promise<FastifyInstance> {
  const key = value ?? '(unset)';
  const existing = apps.get(key);
  if (existing) return existing;
  const app = await buildApp({
    database,
    jwtSecret: TEST_JWT_SECRET,
    webDistDir: null,
    logLevel: 'silent',
    contentCacheChars: 0,
    mail: { smtpUrl: null, outboxDir: outbox },
    trustProxy: parseTrustProxy(value),
  });
  app.get('/test/client-address', async (request) => ({ ip: request.ip }));
  await app.ready();
  apps.set(key, app);
  return app;
}

/** request.ip for a request arriving from `socket` with these X-Forwarded-For entries (left to right). */
async function clientAddress(trustProxy: string | undefined, socket: string, forwardedFor?: string[]): Promise<string> {
  const app = await appWith(trustProxy);
  const res = await app.inject({
    method: 'GET',
    url: '/test/client-address',
    remoteAddress: socket,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor.join(', ') } : {},
  });
  expect(res.statusCode).toBe(200);
  return res.json().ip;
}

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  for (const app of apps.values()) await app.close();
  await database?.close();
  rmSync(outbox, { recursive: true, force: true });
});

describe('TRUST_PROXY unset or false: X-Forwarded-For is ignored', () => {
  it.each([undefined, 'false', '0'])('TRUST_PROXY=%s: the client is the connecting address', async (setting) => {
    expect(await clientAddress(setting, CLIENT, [SPOOF])).toBe(CLIENT);
    expect(await clientAddress(setting, '127.0.0.1', [SPOOF, CLIENT])).toBe('127.0.0.1');
  });
});

describe('TRUST_PROXY as a number of proxies', () => {
  it('1: one proxy at 127.0.0.1 appends the real address after the spoofed one', async () => {
    expect(await clientAddress('1', '127.0.0.1', [SPOOF, CLIENT])).toBe(CLIENT);
    // No spoofing: the proxy's header holds the client alone.
    expect(await clientAddress('1', '127.0.0.1', [CLIENT])).toBe(CLIENT);
    // No header at all (a health check from the proxy itself): the connecting address.
    expect(await clientAddress('1', '127.0.0.1')).toBe('127.0.0.1');
  });

  it('1: a spoofed chain longer than the hop count still yields the address the proxy appended', async () => {
    expect(await clientAddress('1', '127.0.0.1', ['9.9.9.9', '8.8.8.8', '7.7.7.7', CLIENT])).toBe(CLIENT);
  });

  it('true means one proxy, never "believe the left-most entry"', async () => {
    expect(parseTrustProxy('true')).toEqual({ hops: 1 });
    expect(await clientAddress('true', '127.0.0.1', [SPOOF, CLIENT])).toBe(CLIENT);
    expect(await clientAddress('true', '127.0.0.1', ['9.9.9.9', '8.8.8.8', SPOOF, CLIENT])).toBe(CLIENT);
  });

  it('2: a CDN appends the client, the load balancer appends the CDN', async () => {
    const cdn = '198.51.100.20';
    expect(await clientAddress('2', '10.0.0.5', [SPOOF, CLIENT, cdn])).toBe(CLIENT);
    expect(await clientAddress('2', '10.0.0.5', ['9.9.9.9', '8.8.8.8', SPOOF, CLIENT, cdn])).toBe(CLIENT);
    // Without a spoofed entry: the same.
    expect(await clientAddress('2', '10.0.0.5', [CLIENT, cdn])).toBe(CLIENT);
  });
});

describe('TRUST_PROXY as a list of proxy addresses and CIDRs', () => {
  const list = '127.0.0.1,10.0.0.0/8';

  it('the client is the right-most address that is not one of the proxies', async () => {
    // The client → the edge proxy at 127.0.0.1 (appends the client) → the app.
    expect(await clientAddress(list, '127.0.0.1', [SPOOF, CLIENT])).toBe(CLIENT);
    // The client → an internal load balancer at 10.0.0.9 → a sidecar at 10.1.2.3 → the app.
    expect(await clientAddress(list, '10.1.2.3', [SPOOF, CLIENT, '10.0.0.9'])).toBe(CLIENT);
  });

  it('a client that writes a proxy address on the left gains nothing', async () => {
    expect(await clientAddress(list, '127.0.0.1', ['10.0.0.1', CLIENT])).toBe(CLIENT);
    expect(await clientAddress(list, '127.0.0.1', ['127.0.0.1', '10.9.9.9', CLIENT])).toBe(CLIENT);
  });

  it('a client connecting directly, not through a listed proxy, is not believed', async () => {
    expect(await clientAddress(list, CLIENT, [SPOOF])).toBe(CLIENT);
    expect(await clientAddress(list, CLIENT, ['10.0.0.9'])).toBe(CLIENT);
  });

  it('matches IPv4 proxies connecting over an IPv6 socket, IPv6 CIDRs and the named ranges', async () => {
    expect(await clientAddress('127.0.0.1', '::ffff:127.0.0.1', [SPOOF, CLIENT])).toBe(CLIENT);
    expect(await clientAddress('fd00::/8', 'fd00::5', [SPOOF, '2001:db8::7'])).toBe('2001:db8::7');
    expect(await clientAddress('loopback,uniquelocal', '127.0.0.1', [SPOOF, CLIENT, '192.168.1.2'])).toBe(CLIENT);
  });
});

describe('the per-address code limit behind a proxy that appends the real address', () => {
  /**
   * 25 sign-up code requests for 25 different emails, each with a different spoofed left-most entry, all
   * from one real address that the proxy at 127.0.0.1 appends.
   */
  async function burst(trustProxy: string, realAddress: string): Promise<number[]> {
    const app = await appWith(trustProxy);
    const statuses: number[] = [];
    for (let i = 0; i < OTP_PER_IP_PER_HOUR + 5; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/email_verification/trigger',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `198.51.100.${i + 1}, ${realAddress}` },
        payload: { email: `burst-${realAddress.replaceAll('.', '-')}-${i}@example.com` },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  }

  it.each([
    ['1', '203.0.113.101'],
    ['true', '203.0.113.102'],
    ['127.0.0.1', '203.0.113.103'],
  ])('TRUST_PROXY=%s: 20 of 25 are sent, the rest are refused with 429', async (setting, realAddress) => {
    const statuses = await burst(setting, realAddress);
    expect(statuses.filter((s) => s === 200)).toHaveLength(OTP_PER_IP_PER_HOUR);
    expect(statuses.slice(OTP_PER_IP_PER_HOUR)).toEqual([429, 429, 429, 429, 429]);
    const issued = await database.db.select({ ip: otpCodes.client_ip }).from(otpCodes).where(eq(otpCodes.client_ip, realAddress));
    expect(issued).toHaveLength(OTP_PER_IP_PER_HOUR);
  });
});
