import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { catalogs, items, shops, users } from '../src/db/schema';
import { setupAuthMailApp } from './auth-setup';
import { codeIn, createUserWithToken, nextClientAddress, uniqueEmail } from './helper';

/**
 * Bad input gets a 4xx with a clear message, never a 500: item ids beyond the integer column
 * (int4, 1..2,147,483,647) on every call that takes one, and control characters in the text of
 * names and passwords.
 */

const env = setupAuthMailApp();
const MAX_ID = 2_147_483_647;
const ID_MESSAGE = 'Product id must be a whole number from 1 to 2147483647.';
const OUT_OF_RANGE = ['2147483648', '99999999999999999999'];

let shopper: { token: string };
let itemId: number;

beforeAll(async () => {
  await env.t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await env.t.db.insert(catalogs).values({ title: 'Sarees', image: 'img-sarees' });
  const [row] = await env.t.db
    .insert(items)
    .values({ title: 'Banarasi Silk Saree', catalog: 'Sarees', shop: 'fabrics', price_paise: 1249950, thumbnail_image: 'thumb', quantity: 5, tags: ['silk'] })
    .returning({ id: items.id });
  itemId = row!.id;
  shopper = await createUserWithToken(env.t);
  // Something in the lists, so a refused or missing id visibly changes nothing.
  for (const url of ['/api/wishlist/add', '/api/cart/add']) {
    const res = await call('PUT', url, { item_id: itemId });
    expect(res.statusCode).toBe(200);
  }
});

function call(method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: object | string, token: string | null = shopper.token) {
  return env.t.app.inject({
    method,
    url,
    remoteAddress: nextClientAddress(),
    ...(payload === undefined ? {} : { payload }),
    headers: {
      ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
}

/** The seven calls that take an item id, each with how it sends one and the part of the request it is in. */
const ID_CALLS = [
  { name: 'GET /api/product/rating/{id}', where: 'params id', send: (id: string) => call('GET', `/api/product/rating/${id}`) },
  { name: 'GET /api/product/reviews/{id}', where: 'params id', send: (id: string) => call('GET', `/api/product/reviews/${id}`) },
  { name: 'GET /api/product/suggested?id', where: 'querystring id', send: (id: string) => call('GET', `/api/product/suggested?id=${id}`) },
  { name: 'PUT /api/wishlist/add', where: 'body item_id', send: (id: string) => call('PUT', '/api/wishlist/add', `{"item_id":${id}}`) },
  { name: 'POST /api/wishlist/remove', where: 'body item_id', send: (id: string) => call('POST', '/api/wishlist/remove', `{"item_id":${id}}`) },
  { name: 'PUT /api/cart/add', where: 'body item_id', send: (id: string) => call('PUT', '/api/cart/add', `{"item_id":${id}}`) },
  { name: 'POST /api/cart/remove', where: 'body item_id', send: (id: string) => call('POST', '/api/cart/remove', `{"item_id":${id}}`) },
] as const;

describe('item ids beyond the integer column', () => {
  for (const route of ID_CALLS) {
    it(`${route.name}: 2147483648 and 99999999999999999999 answer 400 with the id rule, and nothing changes`, async () => {
      for (const id of OUT_OF_RANGE) {
        const res = await route.send(id);
        expect(res.statusCode, `${route.name} with ${id}`).toBe(400);
        expect(res.json()).toEqual({ code: 0, message: `Invalid ${route.where}: ${ID_MESSAGE}`, data: null });
      }
      expect((await call('GET', '/api/list/cart_wishlist')).json().data).toEqual({ cart: [itemId], wishlist: [itemId] });
    });
  }

  it('a body id given as digits in a string follows the same rule', async () => {
    const res = await call('PUT', '/api/cart/add', { item_id: '2147483648' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message: `Invalid body item_id: ${ID_MESSAGE}`, data: null });
    expect((await call('POST', '/api/cart/remove', { item_id: String(itemId) })).json().data).toEqual([]);
    expect((await call('PUT', '/api/cart/add', { item_id: String(itemId) })).json().data).toEqual([itemId]);
  });

  it('zero, negatives, fractions, words and other types get the same message as ids beyond the column', async () => {
    for (const id of ['0', '-1', '1.5', 'abc', '1e3x', 'NaN']) {
      const res = await call('GET', `/api/product/rating/${id}`);
      expect(res.statusCode, id).toBe(400);
      expect(res.json().message).toBe(`Invalid params id: ${ID_MESSAGE}`);
    }
    for (const body of ['{"item_id":0}', '{"item_id":-5}', '{"item_id":1.5}', '{"item_id":true}', '{"item_id":null}', '{"item_id":[1]}', '{"item_id":"x"}', '{}']) {
      const res = await call('PUT', '/api/wishlist/add', body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().message).toBe(`Invalid body item_id: ${ID_MESSAGE}`);
    }
  });

  it('2147483647, the largest id the column holds, is a product that is not there', async () => {
    const notFound = { code: -1, message: 'Product not found', data: null };
    for (const url of [`/api/product/rating/${MAX_ID}`, `/api/product/reviews/${MAX_ID}`, `/api/product/suggested?id=${MAX_ID}`]) {
      const res = await call('GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    for (const url of ['/api/wishlist/add', '/api/cart/add']) {
      const res = await call('PUT', url, { item_id: MAX_ID });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    // Removing a product that is not in the list succeeds and changes nothing, as for any missing product.
    const wishlist = await call('POST', '/api/wishlist/remove', { item_id: MAX_ID });
    expect(wishlist.statusCode).toBe(200);
    expect(wishlist.json()).toEqual({ code: 1, message: 'Removed from wishlist', data: [itemId] });
    const cart = await call('POST', '/api/cart/remove', { item_id: MAX_ID });
    expect(cart.statusCode).toBe(200);
    expect(cart.json()).toEqual({ code: 1, message: 'Removed from cart', data: [itemId] });
  });
});

const NAME_CONTROL = 'Invalid body name: Name must not contain control characters.';

describe('control characters in names', () => {
  it('PATCH /api/user/me: a NUL byte, an escape, a tab or a line break inside the name answer 400; the name is kept', async () => {
    const user = await createUserWithToken(env.t);
    for (const name of ['Asha\u0000Rao', 'Asha\u001bRao', 'Asha\tRao', 'Asha\nRao', 'Asha\u007fRao', 'Asha\u0085Rao', 'Asha\u2028Rao']) {
      const res = await call('PATCH', '/api/user/me', { name }, user.token);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ code: 0, message: NAME_CONTROL, data: null });
    }
    expect((await call('GET', '/api/user/me', undefined, user.token)).json().data.name).toBe('Test Shopper');
    // Outer white space (a pasted line break too) is trimmed, not refused; Indic scripts and emoji with joiners are text.
    for (const name of ['  Meera Iyer\n', 'मीरा अय्यर', 'Meera 👩🏽‍🦱']) {
      const res = await call('PATCH', '/api/user/me', { name }, user.token);
      expect(res.statusCode, JSON.stringify(name)).toBe(200);
      expect(res.json().data.name).toBe(name.trim());
    }
  });

  it('PATCH /api/user/me: half of a surrogate pair is not text', async () => {
    const user = await createUserWithToken(env.t);
    const res = await call('PATCH', '/api/user/me', '{"name":"Asha \\ud800 Rao"}', user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message: 'Invalid body name: Name must not contain control characters.', data: null });
  });

  it('POST /api/auth/register: control characters in the name or the password answer 400; the verified code still works after', async () => {
    const email = uniqueEmail();
    expect((await call('POST', '/api/auth/email_verification/trigger', { email }, null)).json().code).toBe(1);
    const otp = codeIn(await env.smtp.nextMail(email));
    expect((await call('POST', '/api/auth/verify_otp', { email, otp }, null)).json().code).toBe(1);

    for (const name of ['Asha\u0000Rao', 'Asha\u0007Rao']) {
      const res = await call('POST', '/api/auth/register', { name, email, password: 'long-enough-1' }, null);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json()).toEqual({ code: 0, message: NAME_CONTROL, data: null });
    }
    for (const password of ['long-enough\u0000', 'long\u001benough']) {
      const res = await call('POST', '/api/auth/register', { name: 'Asha Rao', email, password }, null);
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json()).toEqual({ code: 0, message: 'Invalid body password: Password must not contain control characters.', data: null });
    }
    expect(await env.t.db.select().from(users).where(eq(users.email, email))).toEqual([]);

    // A password may hold any printable character, spaces and other scripts included.
    const password = ' long enough पासवर्ड €1 ';
    const res = await call('POST', '/api/auth/register', { name: 'Asha Rao', email, password }, null);
    expect(res.json()).toEqual({ code: 1, message: 'Sign up successful. Login to continue', data: null });
    const login = await call('POST', '/api/auth/login', { email, password }, null);
    expect(login.json().code).toBe(1);
  });
});
