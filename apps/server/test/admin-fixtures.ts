import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { catalogs, shops } from '../src/db/schema';
import { createUserWithToken, type TestApp } from './helper';

/** A signed-in caller of the API (an administrator or a shopper) for the admin console's tests. */
export interface Caller {
  id: string;
  token: string;
  call(method: InjectOptions['method'], url: string, payload?: object): Promise<LightMyRequestResponse>;
}

export async function callerWithRole(t: TestApp, role: 'user' | 'ssd_admin'): Promise<Caller> {
  const user = await createUserWithToken(t, { role });
  return {
    id: user.id,
    token: user.token,
    call: (method, url, payload) => t.app.inject({ method, url, headers: { authorization: `Bearer ${user.token}` }, ...(payload ? { payload } : {}) }),
  };
}

export const adminCaller = (t: TestApp) => callerWithRole(t, 'ssd_admin');

/** The two shops of spec 3 §3, as the seed writes them. */
export async function addShops(t: TestApp): Promise<void> {
  await t.db.insert(shops).values([{ value: 'fabrics', title: 'Fabrics' }, { value: 'jewel', title: 'Jewel' }]).onConflictDoNothing();
}

export async function addCatalog(t: TestApp, title: string, priority = 0): Promise<void> {
  await t.db.insert(catalogs).values({ title, image: 'https://cdn.example/c.jpg', priority }).onConflictDoNothing();
}
