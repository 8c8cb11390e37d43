import { setTimeout as pause } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ADDRESS_BOOK_LIMIT, addressBookSchema, addressSavedSchema, type Address, type CreateAddressRequest } from '@ssd/shared/addresses';
import { addresses } from '../src/db/schema';
import { defaultOrChosenAddress } from '../src/modules/addresses/service';
import { buildTestApp, createUserWithToken, TEST_DATABASE_URL, type TestApp } from './helper';

/**
 * The address book (ours): add, replace, delete, choose the default; Indian field rules; one default at
 * most and always one while there are addresses; 10 per shopper; nobody reaches another's addresses.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

const HOME: CreateAddressRequest = {
  full_name: 'Meera Iyer',
  mobile: '+91 98765 43210',
  line1: '12, 4th Cross, Malleshwaram',
  line2: 'Near the Kadu Malleshwara temple',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560003',
};
const OFFICE: CreateAddressRequest = {
  full_name: 'Meera Iyer',
  mobile: '098765-43211',
  line1: 'Floor 5, Prestige Tower, MG Road',
  city: 'Bengaluru',
  state: 'karnataka',
  pin_code: '560 001',
};
const PARENTS: CreateAddressRequest = {
  full_name: 'R. Iyer',
  mobile: '7012345678',
  line1: '3 North Mada Street, Mylapore',
  city: 'Chennai',
  state: 'Tamil Nadu',
  pin_code: '600004',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

async function shopper() {
  const { id, token } = await createUserWithToken(t);
  const call = (method: Method, url: string, payload?: unknown) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${token}` },
      ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
    });
  return {
    id,
    call,
    add: (address: unknown) => call('POST', '/api/user/addresses', address),
    update: (addressId: number, address: unknown) => call('PUT', `/api/user/addresses/${addressId}`, address),
    remove: (addressId: number) => call('DELETE', `/api/user/addresses/${addressId}`),
    choose: (addressId: number) => call('PUT', `/api/user/addresses/${addressId}/default`),
    book: async () => addressBookSchema.parse((await call('GET', '/api/user/addresses')).json().data).addresses,
    /** Adds and answers the new address's id. */
    added: async (address: unknown) => {
      const res = await call('POST', '/api/user/addresses', address);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data.address as Address).id;
    },
  };
}

const summary = (book: Address[]) => book.map((a) => [a.line1.split(',')[0], a.is_default]);

describe('login', () => {
  it('every address call needs a login: 401, code -2', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/user/addresses' },
      { method: 'POST' as const, url: '/api/user/addresses', payload: HOME },
      { method: 'PUT' as const, url: '/api/user/addresses/1', payload: HOME },
      { method: 'DELETE' as const, url: '/api/user/addresses/1' },
      { method: 'PUT' as const, url: '/api/user/addresses/1/default' },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
      expect(res.json(), `${call.method} ${call.url}`).toEqual({ code: -2, message: 'Please login to continue.', data: null });
    }
    const forged = await t.app.inject({ method: 'GET', url: '/api/user/addresses', headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(-2);
  });
});

describe('the calls', () => {
  it('GET: an empty book at first, not kept by any cache', async () => {
    const u = await shopper();
    const res = await u.call('GET', '/api/user/addresses');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({ code: 1, message: 'Success', data: { addresses: [] } });
  });

  it('POST: "Address added"; the fields normalised; the first address is the default', async () => {
    const u = await shopper();
    const res = await u.add(HOME);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = envelopeSchema(addressSavedSchema).parse(res.json());
    const home: Address = {
      id: body.data.address.id,
      full_name: 'Meera Iyer',
      mobile: '9876543210',
      line1: '12, 4th Cross, Malleshwaram',
      line2: 'Near the Kadu Malleshwara temple',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin_code: '560003',
      is_default: true,
    };
    expect(body).toEqual({ code: 1, message: 'Address added', data: { address: home, addresses: [home] } });

    const second = await u.add(OFFICE);
    expect(second.json().message).toBe('Address added');
    expect(second.json().data.address).toEqual({
      id: expect.any(Number),
      full_name: 'Meera Iyer',
      mobile: '9876543211',
      line1: 'Floor 5, Prestige Tower, MG Road',
      line2: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      pin_code: '560001',
      is_default: false,
    });
    expect(await u.book()).toEqual([home, second.json().data.address]);
  });

  it('POST with is_default: true makes the new address the default and takes it from the old one', async () => {
    const u = await shopper();
    await u.added(HOME);
    const res = await u.add({ ...PARENTS, is_default: true });
    expect(res.json().message).toBe('Address added');
    expect(res.json().data.address.is_default).toBe(true);
    expect(summary(res.json().data.addresses)).toEqual([
      ['3 North Mada Street', true],
      ['12', false],
    ]);
    // is_default: false on the first address changes nothing: a book with addresses always has a default.
    const v = await shopper();
    expect((await v.add({ ...HOME, is_default: false })).json().data.address.is_default).toBe(true);
  });

  it('PUT: "Address updated"; a full replacement (a line2 left out is cleared); the default stays where it was', async () => {
    const u = await shopper();
    const homeId = await u.added(HOME);
    const officeId = await u.added(OFFICE);
    const res = await u.update(homeId, { ...HOME, line2: undefined, mobile: '0 99999 88888', pin_code: '560055' });
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(addressSavedSchema).parse(res.json());
    expect(body.message).toBe('Address updated');
    expect(body.data.address).toEqual({
      id: homeId,
      full_name: 'Meera Iyer',
      mobile: '9999988888',
      line1: '12, 4th Cross, Malleshwaram',
      line2: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      pin_code: '560055',
      is_default: true,
    });
    const office = await u.update(officeId, { ...OFFICE, full_name: 'Meera I.' });
    expect(office.json().data.address).toMatchObject({ id: officeId, full_name: 'Meera I.', is_default: false });
    expect((await u.book()).map((a) => [a.id, a.is_default])).toEqual([
      [homeId, true],
      [officeId, false],
    ]);
  });

  it('DELETE: "Address deleted" and the rest of the book', async () => {
    const u = await shopper();
    const homeId = await u.added(HOME);
    const officeId = await u.added(OFFICE);
    const res = await u.remove(officeId);
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(addressBookSchema).parse(res.json());
    expect(body.message).toBe('Address deleted');
    expect(body.data.addresses.map((a) => a.id)).toEqual([homeId]);
    const again = await u.remove(officeId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: -1, message: 'Address not found.', data: null });
    expect((await u.remove(homeId)).json()).toEqual({ code: 1, message: 'Address deleted', data: { addresses: [] } });
  });

  it('PUT …/default: "Default address chosen"; exactly one default; choosing the default again changes nothing', async () => {
    const u = await shopper();
    const homeId = await u.added(HOME);
    const officeId = await u.added(OFFICE);
    const res = await u.choose(officeId);
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(addressSavedSchema).parse(res.json());
    expect(body.message).toBe('Default address chosen');
    expect(body.data.address).toMatchObject({ id: officeId, is_default: true });
    expect(body.data.addresses.map((a) => [a.id, a.is_default])).toEqual([
      [officeId, true],
      [homeId, false],
    ]);
    const again = await u.choose(officeId);
    expect(again.json().message).toBe('Default address chosen');
    expect(again.json().data.addresses).toEqual(body.data.addresses);
    const rows = await t.db.select().from(addresses).where(eq(addresses.user_id, u.id));
    expect(rows.filter((row) => row.is_default).map((row) => row.id)).toEqual([officeId]);
  });

  it('the book lists the default first, then the most recently changed', async () => {
    const u = await shopper();
    const homeId = await u.added(HOME);
    await pause(5);
    const officeId = await u.added(OFFICE);
    await pause(5);
    const parentsId = await u.added(PARENTS);
    expect((await u.book()).map((a) => a.id)).toEqual([homeId, parentsId, officeId]);
    await pause(5);
    await u.update(officeId, OFFICE);
    expect((await u.book()).map((a) => a.id)).toEqual([homeId, officeId, parentsId]);
  });
});

describe('deleting the default', () => {
  it('the most recently changed remaining address becomes the default', async () => {
    const u = await shopper();
    const homeId = await u.added(HOME);
    await pause(5);
    const officeId = await u.added(OFFICE);
    await pause(5);
    const parentsId = await u.added(PARENTS);
    await pause(5);
    await u.update(officeId, { ...OFFICE, line2: 'Reception' }); // now changed after PARENTS was added
    const res = await u.remove(homeId);
    expect(res.json().message).toBe('Address deleted');
    expect(res.json().data.addresses.map((a: Address) => [a.id, a.is_default])).toEqual([
      [officeId, true],
      [parentsId, false],
    ]);
    const last = await u.remove(officeId);
    expect(last.json().data.addresses.map((a: Address) => [a.id, a.is_default])).toEqual([[parentsId, true]]);
  });

  it('after the last address goes, the next one added is the default again', async () => {
    const u = await shopper();
    await u.remove(await u.added(HOME));
    expect((await u.add(OFFICE)).json().data.address.is_default).toBe(true);
  });
});

describe('ownership', () => {
  it("another shopper's address answers 404 'Address not found.' to update, delete and default, exactly as a missing one; nothing changes", async () => {
    const owner = await shopper();
    const other = await shopper();
    const homeId = await owner.added(HOME);
    const officeId = await owner.added(OFFICE);
    await other.added(PARENTS);
    const before = await owner.book();
    const notFound = { code: -1, message: 'Address not found.', data: null };
    for (const id of [officeId, homeId, 2_147_483_647]) {
      const answers = { update: await other.update(id, PARENTS), delete: await other.remove(id), default: await other.choose(id) };
      for (const [what, res] of Object.entries(answers)) {
        expect(res.statusCode, `${what} ${id}`).toBe(404);
        expect(res.json(), `${what} ${id}`).toEqual(notFound);
      }
    }
    expect(await owner.book()).toEqual(before);
    expect((await other.book()).map((a) => [a.city, a.is_default])).toEqual([['Chennai', true]]);
  });
});

describe('validation', () => {
  const cases: Array<[string, Record<string, unknown>, string]> = [
    ['a mobile number starting with 5', { mobile: '5876543210' }, 'Invalid body mobile: A mobile number starts with 6, 7, 8 or 9.'],
    ['a 9-digit mobile number', { mobile: '987654321' }, 'Invalid body mobile: Enter a 10-digit mobile number.'],
    ['a mobile number with letters', { mobile: '98765abcde' }, 'Invalid body mobile: Enter a 10-digit mobile number.'],
    ['a PIN code starting with 0', { pin_code: '012345' }, 'Invalid body pin_code: A PIN code does not start with 0.'],
    ['a 5-digit PIN code', { pin_code: '56000' }, 'Invalid body pin_code: Enter a 6-digit PIN code.'],
    ['an unknown state', { state: 'Atlantis' }, 'Invalid body state: Choose a state or union territory.'],
    ['a former union territory', { state: 'Daman and Diu' }, 'Invalid body state: Choose a state or union territory.'],
    ['a NUL in the name', { full_name: 'Meera\u0000Iyer' }, 'Invalid body full_name: Full name must not contain control characters.'],
    ['a one-letter name', { full_name: ' M ' }, 'Invalid body full_name: Enter the full name (at least 2 characters).'],
    ['a line break inside line1', { line1: '12, 4th Cross\nMalleshwaram' }, 'Invalid body line1: Address line 1 must not contain control characters.'],
    ['a blank line1', { line1: '   ' }, 'Invalid body line1: Enter the address (house number, building, street).'],
    ['a 121-character line2', { line2: 'x'.repeat(121) }, 'Invalid body line2: Address line 2 must be at most 120 characters.'],
    ['no city', { city: undefined }, 'Invalid body city: Enter the city.'],
    ['a 61-character city', { city: 'x'.repeat(61) }, 'Invalid body city: City must be at most 60 characters.'],
    ['is_default not a boolean', { is_default: 'yes' }, 'Invalid body is_default: is_default must be true or false.'],
  ];
  for (const [what, change, message] of cases) {
    it(`${what}: 400, code 0, '${message}'; nothing is stored`, async () => {
      const u = await shopper();
      const res = await u.add({ ...HOME, ...change });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 0, message, data: null });
      expect(await u.book()).toEqual([]);
    });
  }

  it('PUT refuses bad fields the same way and keeps the address as it was; a bad id names the rule', async () => {
    const u = await shopper();
    const homeId = await u.added(HOME);
    const before = await u.book();
    const res = await u.update(homeId, { ...HOME, pin_code: '012345' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 0, message: 'Invalid body pin_code: A PIN code does not start with 0.', data: null });
    expect(await u.book()).toEqual(before);
    for (const id of ['0', 'abc', '2147483648']) {
      const bad = await u.remove(id as unknown as number);
      expect(bad.statusCode, id).toBe(400);
      expect(bad.json()).toEqual({ code: 0, message: 'Invalid params id: Address id must be a whole number from 1 to 2147483647.', data: null });
    }
  });

  it('every state and union territory of the list is accepted, under its listed name', async () => {
    const u = await shopper();
    const id = await u.added(HOME);
    for (const state of ['Dadra & Nagar Haveli and Daman & Diu', 'National Capital Territory of Delhi', 'ladakh', 'Puducherry']) {
      const res = await u.update(id, { ...HOME, state });
      expect(res.statusCode, state).toBe(200);
    }
    expect((await u.book())[0]!.state).toBe('Puducherry');
    expect((await u.update(id, { ...HOME, state: 'Delhi' })).json().data.address.state).toBe('Delhi');
  });
});

describe(`the limit of ${ADDRESS_BOOK_LIMIT}`, () => {
  it("the 11th address: 409, code 0, 'You can keep up to 10 addresses.'; after a deletion there is room", async () => {
    const u = await shopper();
    const ids: number[] = [];
    for (let i = 0; i < ADDRESS_BOOK_LIMIT; i++) ids.push(await u.added({ ...PARENTS, line1: `${i + 1} North Mada Street` }));
    const over = await u.add(HOME);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 0, message: 'You can keep up to 10 addresses.', data: null });
    expect(await u.book()).toHaveLength(ADDRESS_BOOK_LIMIT);
    // Another shopper's book is not counted.
    expect((await (await shopper()).add(HOME)).statusCode).toBe(200);
    await u.remove(ids[3]!);
    expect((await u.add(HOME)).statusCode).toBe(200);
    expect(await u.book()).toHaveLength(ADDRESS_BOOK_LIMIT);
  });

  it.runIf(TEST_DATABASE_URL)('PostgreSQL only: concurrent adds at 9 never make more than 10, and concurrent switches leave one default', async () => {
    for (let round = 0; round < 3; round++) {
      const u = await shopper();
      for (let i = 0; i < ADDRESS_BOOK_LIMIT - 1; i++) await u.added({ ...PARENTS, line1: `${i + 1} North Mada Street` });
      const results = await Promise.all([u.add(HOME), u.add(OFFICE), u.add({ ...HOME, is_default: true }), u.add(OFFICE)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const book = await u.book();
      expect(book).toHaveLength(ADDRESS_BOOK_LIMIT);
      const switches = await Promise.all(book.map((a) => u.choose(a.id)));
      expect(switches.map((r) => r.statusCode)).toEqual(book.map(() => 200));
      expect((await u.book()).filter((a) => a.is_default)).toHaveLength(1);
    }
  });
});

describe('defaultOrChosenAddress (for order creation)', () => {
  it('the default, or the chosen one of the shopper’s own; null for an empty book or an address that is not theirs', async () => {
    const u = await shopper();
    const other = await shopper();
    expect(await defaultOrChosenAddress(t.db, u.id)).toBeNull();
    const homeId = await u.added(HOME);
    const officeId = await u.added(OFFICE);
    const otherId = await other.added(PARENTS);
    expect(await defaultOrChosenAddress(t.db, u.id)).toMatchObject({ id: homeId, user_id: u.id, mobile: '9876543210', is_default: true });
    expect(await defaultOrChosenAddress(t.db, u.id, officeId)).toMatchObject({ id: officeId, pin_code: '560001', line2: null });
    expect(await defaultOrChosenAddress(t.db, u.id, otherId)).toBeNull();
    expect(await defaultOrChosenAddress(t.db, u.id, 2_147_483_647)).toBeNull();
    await u.choose(officeId);
    expect((await defaultOrChosenAddress(t.db, u.id))?.id).toBe(officeId);
    // Inside a transaction too, as order creation reads it.
    expect((await t.db.transaction((tx) => defaultOrChosenAddress(tx, u.id, homeId)))?.id).toBe(homeId);
  });
});

describe('OpenAPI', () => {
  it('documents the address calls', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/user/addresses', '/api/user/addresses/{id}', '/api/user/addresses/{id}/default']));
  });
});
