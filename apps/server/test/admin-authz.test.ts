import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './helper';
import { adminCaller, callerWithRole, type Caller } from './admin-fixtures';

/**
 * The authorization matrix of the admin API (issue 11, "On the server"): every route under /api/admin
 * that exists — read from the app's own route table, so a new route cannot escape — answers 401 to a
 * visitor and 403 to a shopper whatever the method, and lets an administrator through.
 */

let t: TestApp;
let admin: Caller;
let shopper: Caller;
let routes: Array<{ method: string; url: string }> = [];

/**
 * Every (method, path) of the app's route table under /api/admin, from Fastify's printRoutes tree
 * (`├── /segment (GET, HEAD)`, four columns per level): the routes are registered before a test could
 * add an onRoute hook, and the tree is the table itself.
 */
function adminRoutesOf(tree: string): Array<{ method: string; url: string }> {
  const found: Array<{ method: string; url: string }> = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^(.*?)[├└]── (\S+) \(([^)]+)\)$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const segment = match[2]!;
    stack.length = depth;
    stack.push(segment.startsWith('/') || depth === 0 ? segment : `/${segment}`);
    const url = stack.join('');
    if (!url.startsWith('/api/admin')) continue;
    for (const method of match[3]!.split(', ')) found.push({ method, url });
  }
  return found;
}

beforeAll(async () => {
  t = await buildTestApp();
  routes = adminRoutesOf(t.app.printRoutes({ commonPrefix: false }));
  admin = await adminCaller(t);
  shopper = await callerWithRole(t, 'user');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A concrete path for a route: each :param becomes a plausible value, a wildcard some path. */
function concrete(url: string): string {
  return url.replace(/:type/g, 'all').replace(/:[A-Za-z_]+/g, '1').replace(/\*/g, 'some/where');
}

/** Methods light-my-request sends like any other (it has no QUERY). */
const SENDABLE = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']);

const CONTENT_ROUTES = [
  'GET /api/admin/banner/list',
  'GET /api/admin/banner/detail',
  'POST /api/admin/banner/add',
  'PATCH /api/admin/banner/update',
  'DELETE /api/admin/banner/delete',
  'GET /api/admin/catalog/list',
  'GET /api/admin/catalog/detail',
  'POST /api/admin/catalog/add',
  'PATCH /api/admin/catalog/update',
  'DELETE /api/admin/catalog/delete',
  'GET /api/admin/products/:type',
  'GET /api/admin/product/detail',
  'POST /api/admin/product/add',
  'PATCH /api/admin/product/update',
  'DELETE /api/admin/product/delete',
  'GET /api/admin/audit',
];

describe('every /api/admin route', () => {
  it('the route table holds every call of spec 3 §7 (so the matrix below covers them)', () => {
    const seen = new Set(routes.map((route) => `${route.method} ${route.url}`));
    for (const call of CONTENT_ROUTES) expect(seen, call).toContain(call);
  });

  it('answers 401 to a visitor, 403 to a shopper, and neither to an administrator, whatever the method', async () => {
    expect(routes.length).toBeGreaterThan(CONTENT_ROUTES.length);
    for (const { method, url } of routes.filter((route) => SENDABLE.has(route.method))) {
      const path = concrete(url);
      const payload = ['POST', 'PATCH', 'PUT', 'DELETE'].includes(method) ? {} : undefined;
      const inject = (headers: Record<string, string>) =>
        t.app.inject({ method: method as 'GET', url: path, headers, ...(payload ? { payload } : {}) });
      const visitor = await inject({});
      expect(visitor.statusCode, `visitor ${method} ${path}`).toBe(401);
      if (method !== 'HEAD') expect(visitor.json().code, `visitor ${method} ${path}`).toBe(-2);
      const asShopper = await inject({ authorization: `Bearer ${shopper.token}` });
      expect(asShopper.statusCode, `shopper ${method} ${path}`).toBe(403);
      const asAdmin = await inject({ authorization: `Bearer ${admin.token}` });
      expect([401, 403], `admin ${method} ${path}: ${asAdmin.body}`).not.toContain(asAdmin.statusCode);
      expect(asAdmin.statusCode, `admin ${method} ${path}: ${asAdmin.body}`).toBeLessThan(500);
    }
  });

  it('the administrator’s reads of the content routes succeed', async () => {
    for (const url of ['/api/admin/banner/list', '/api/admin/catalog/list', '/api/admin/products/all', '/api/admin/audit']) {
      const res = await admin.call('GET', url);
      expect(res.statusCode, url).toBe(200);
      expect(res.json().code, url).toBe(1);
    }
  });
});
