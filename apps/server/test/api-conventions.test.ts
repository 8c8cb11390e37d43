import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeJwt, SignJWT, UnsecuredJWT } from 'jose';
import { sales } from '../src/db/schema';
import { ok } from '../src/lib/envelope';
import { BODY_TOO_LARGE_MESSAGE, INVALID_JSON_MESSAGE, SERVER_ERROR_MESSAGE } from '../src/plugins/errors';
import { z } from 'zod';
import { buildTestApp, createUserWithToken, TEST_JWT_SECRET, type TestApp } from './helper';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp(
    {
      adminRoutes: async (admin) => {
        admin.get('/ping', async () => ok({ pong: true }));
      },
    },
    // Routes that exist only in this test, to reach every failure path of the envelope.
    (app) => app.register(
    async (scope) => {
      scope.post(
        '/echo',
        { schema: { body: z.object({ name: z.string().min(1), count: z.number().int() }) } },
        async (request) => ok(request.body),
      );
      scope.get('/explode', async () => {
        throw new Error('database password is hunter2 at /srv/app.ts:12');
      });
    },
    { prefix: '/api/test' },
  ));
});
afterAll(() => t.close());

describe('GET /api/health', () => {
  it('answers code 1 once the database answers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'Success', data: { status: 'ok', database: t.database.kind } });
  });
});

describe('the {code, message, data} envelope on every failure', () => {
  it('unknown /api route: 404, code -1', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no/such/thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: 'No route for GET /api/no/such/thing', data: null });
  });

  it('malformed JSON: 400, code 0, and the server keeps serving', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": "Asha",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message: INVALID_JSON_MESSAGE, data: null });
    const after = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(after.json().code).toBe(1);
  });

  it('wrong types and missing fields: 400, code 0, naming the field', async () => {
    const wrongType = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Asha', count: 'two' } });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe(0);
    expect(wrongType.json().message).toMatch(/^Invalid body count: /);
    expect(wrongType.json().data).toBeNull();

    const missing = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { count: 2 } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/^Invalid body name: /);
  });

  it('a malformed address: 400 in the dialect of the part of the site asked', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/product/%E0%A4%A' });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ code: 0, message: 'The address is not valid.', data: null });
    const content = await t.app.inject({ method: 'GET', url: '/content/items/items/%E0%A4%A' });
    expect(content.statusCode).toBe(400);
    expect(content.json()).toEqual({ errors: [{ message: 'Invalid query. The address is not valid.', extensions: { code: 'INVALID_QUERY' } }] });
  });

  it('a valid body passes through', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo', payload: { name: 'Asha', count: 2 } });
    expect(res.json()).toEqual({ code: 1, message: 'Success', data: { name: 'Asha', count: 2 } });
  });

  it('a body over 1 MB: 413, code 0', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(1024 * 1024 + 10), count: 1 }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 0, message: BODY_TOO_LARGE_MESSAGE, data: null });
  });

  it('a server error: 500, code -1, no stack and no detail of the cause', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/explode' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ code: -1, message: SERVER_ERROR_MESSAGE, data: null });
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('.ts');
  });
});

describe('auth hook and the /api/admin scope', () => {
  it('no token: 401, code -2', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ping' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: -2, message: 'Please login to continue.', data: null });
  });

  it('an unknown admin path is refused before it is found: no probing the admin API anonymously', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/secret-report' });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(-2);
  });

  it('a shopper: 403, code -1', async () => {
    const shopper = await createUserWithToken(t, { role: 'user' });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ping', headers: { authorization: `Bearer ${shopper.token}` } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: -1, message: 'Only store administrators can do that.', data: null });
  });

  it('an ssd_admin passes', async () => {
    const admin = await createUserWithToken(t, { role: 'ssd_admin' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/ping',
      headers: { authorization: `Bearer ${admin.token}`, 'x-refresh-token': 'opaque' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'Success', data: { pong: true } });
  });

  it('the role is read from the database, not trusted from the token', async () => {
    const shopper = await createUserWithToken(t, { role: 'user' });
    const { sid } = decodeJwt(shopper.token) as { sid: string };
    const forgedRole = await t.app.tokens.signAccessToken({ sub: shopper.id, role: 'ssd_admin', sid });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ping', headers: { authorization: `Bearer ${forgedRole}` } });
    expect(res.statusCode).toBe(403);
  });

  it('a genuine token without a session id is no login', async () => {
    const admin = await createUserWithToken(t, { role: 'ssd_admin' });
    const sessionless = await new SignJWT({ role: 'ssd_admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('ssd-store')
      .setAudience('ssd-store-api')
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ping', headers: { authorization: `Bearer ${sessionless}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(-2);
  });

  it('forged, expired and alg:none tokens: 401, code -2', async () => {
    const admin = await createUserWithToken(t, { role: 'ssd_admin' });
    const otherKey = new TextEncoder().encode('another-secret-that-is-long-enough-for-hs256');
    const forged = await new SignJWT({ role: 'ssd_admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('ssd-store')
      .setAudience('ssd-store-api')
      .setExpirationTime('1h')
      .sign(otherKey);
    const expired = await new SignJWT({ role: 'ssd_admin' })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(admin.id)
      .setIssuer('ssd-store')
      .setAudience('ssd-store-api')
      .setIssuedAt(Math.floor(Date.now() / 1000) - 7200)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    const none = new UnsecuredJWT({ role: 'ssd_admin' })
      .setSubject(admin.id)
      .setIssuer('ssd-store')
      .setAudience('ssd-store-api')
      .setExpirationTime('1h')
      .encode();
    for (const token of [forged, expired, none, 'not-a-jwt']) {
      const res = await t.app.inject({ method: 'GET', url: '/api/admin/ping', headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: -2, message: 'Your session has expired. Please login again.', data: null });
    }
  });

  it('a token for a deleted account is no login', async () => {
    const token = await t.app.tokens.signAccessToken({
      sub: '00000000-0000-4000-8000-000000000000',
      role: 'ssd_admin',
      sid: '00000000-0000-4000-8000-000000000001',
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/ping', headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(-2);
  });

  it('public calls ignore a bad token rather than refusing the visitor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer garbage' } });
    expect(res.statusCode).toBe(200);
  });
});

describe('GET /api/home/sales/active', () => {
  it('lists only sales running now, soonest to end first, with spec 2 §3 fields', async () => {
    const day = 24 * 60 * 60 * 1000;
    const now = Date.now();
    await t.db.insert(sales).values([
      { sale_name: 'Ended', tag_name: 'ended', active_from: new Date(now - 10 * day), active_till: new Date(now - day) },
      { sale_name: 'Not yet', tag_name: 'future', active_from: new Date(now + day), active_till: new Date(now + 5 * day) },
      { sale_name: 'Wedding Season', tag_name: 'wedding-sale', active_from: new Date(now - day), active_till: new Date(now + 20 * day), banner_image: 'f1', banner_image_mobile: 'f2', banner_image_laptop: 'f3' },
      { sale_name: 'Festive Sale', tag_name: 'festive-sale', active_from: new Date(now - day), active_till: new Date(now + 3 * day) },
    ]);
    const res = await t.app.inject({ method: 'GET', url: '/api/home/sales/active' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(1);
    expect(body.data.map((s: { sale_name: string }) => s.sale_name)).toEqual(['Festive Sale', 'Wedding Season']);
    expect(Object.keys(body.data[1]).sort()).toEqual(
      ['active_till', 'banner_image', 'banner_image_laptop', 'banner_image_mobile', 'sale_id', 'sale_name', 'tag_name'].sort(),
    );
    expect(body.data[1]).toMatchObject({ tag_name: 'wedding-sale', banner_image_mobile: 'f2', banner_image_laptop: 'f3' });
    expect(new Date(body.data[1].active_till).getTime()).toBeGreaterThan(now);
  });
});

describe('security headers', () => {
  it('every response carries nosniff, frame denial, a referrer policy and the CSP', async () => {
    for (const url of ['/api/health', '/api/nowhere', '/content/items/items']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
      // Images may come from staff's https addresses too (decision 0037), never over plain http.
      expect(res.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:;");
    }
  });
});

describe('OpenAPI', () => {
  it('documents the API at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/health', '/api/home/sales/active']));
  });
});
