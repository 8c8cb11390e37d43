import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { auditLog, banners } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';
import { adminCaller, type Caller } from './admin-fixtures';

/** Banners of the admin console (spec 3 §3, §5, §7, §8): validation, messages, audit, the storefront's read. */

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCaller(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const valid = { title: 'Diwali sale', link: 'https://ssd.example/sale', banner_image: 'https://cdn.example/diwali.jpg', isactive: true };

async function addBanner(fields: object = {}) {
  const res = await admin.call('POST', '/api/admin/banner/add', { ...valid, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { banner_id: number };
}

/** The storefront's read of banners (the content service), as a visitor. */
async function storefrontBanners(): Promise<Array<{ banner_id: number; title: string }>> {
  const res = await t.app.inject({ method: 'GET', url: '/content/items/banners?fields=banner_id,title' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

describe('/api/admin/banner/*', () => {
  it('adds a banner (trimmed, link optional), lists and reads it, with the spec’s message', async () => {
    const res = await admin.call('POST', '/api/admin/banner/add', { ...valid, title: '  Festive  ', link: '', isactive: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ code: 1, message: 'Banner added successfully.', data: { title: 'Festive', link: null, isactive: true } });
    const { banner_id } = res.json().data;
    const list = await admin.call('GET', '/api/admin/banner/list');
    expect(list.json().data.map((b: { banner_id: number }) => b.banner_id)).toContain(banner_id);
    const detail = await admin.call('GET', `/api/admin/banner/detail?id=${banner_id}`);
    expect(detail.json()).toMatchObject({ code: 1, data: { banner_id, title: 'Festive', banner_image: valid.banner_image, isactive: true } });
  });

  it('isactive takes true/false and 1/0, and nothing else', async () => {
    expect((await addBanner({ isactive: 0 })) ).toMatchObject({ isactive: false });
    expect((await addBanner({ isactive: false }))).toMatchObject({ isactive: false });
    expect((await addBanner({ isactive: 1 }))).toMatchObject({ isactive: true });
    for (const isactive of [2, 'yes', 'true', null, undefined]) {
      const res = await admin.call('POST', '/api/admin/banner/add', { ...valid, isactive });
      expect(res.statusCode, String(isactive)).toBe(400);
      expect(res.json()).toEqual({ code: 0, message: 'Invalid body isactive: Status must be Active or Inactive.', data: null });
    }
  });

  it('refuses a missing title, a missing or non-URL image, and a link that is not an http(s) URL', async () => {
    const cases: Array<[object, string]> = [
      [{ title: '   ' }, 'Invalid body title: Title is required.'],
      [{ title: undefined }, 'Invalid body title: Title is required.'],
      [{ banner_image: '' }, 'Invalid body banner_image: Banner image is required.'],
      [{ banner_image: 'javascript:alert(1)' }, 'Invalid body banner_image: Banner image must be an https URL or an uploaded image.'],
      // Plain http: the page policy would not show it (decision 0037).
      [{ banner_image: 'http://cdn.example.com/banner.png' }, 'Invalid body banner_image: Banner image must be an https URL or an uploaded image.'],
      [{ banner_image: '//evil.example/x.png' }, 'Invalid body banner_image: Banner image must be an https URL or an uploaded image.'],
      [{ banner_image: '/content/assets/../../etc/passwd' }, 'Invalid body banner_image: Banner image must be an https URL or an uploaded image.'],
      [{ link: 'not a url' }, 'Invalid body link: Link must be an http(s) URL.'],
      [{ link: 'javascript:alert(1)' }, 'Invalid body link: Link must be an http(s) URL.'],
      [{ link: 'ftp://files.example/x' }, 'Invalid body link: Link must be an http(s) URL.'],
    ];
    const before = (await t.db.select().from(banners)).length;
    for (const [fields, message] of cases) {
      const res = await admin.call('POST', '/api/admin/banner/add', { ...valid, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toEqual({ code: 0, message, data: null });
    }
    expect((await t.db.select().from(banners)).length).toBe(before);
  });

  it('accepts the store’s own images: an asset path or a file id', async () => {
    expect(await addBanner({ banner_image: '/content/assets/3f1c2b7e-1111-4222-8333-123456789abc' })).toMatchObject({ banner_image: '/content/assets/3f1c2b7e-1111-4222-8333-123456789abc' });
    expect(await addBanner({ banner_image: '3f1c2b7e-1111-4222-8333-123456789abc' })).toMatchObject({ banner_image: '3f1c2b7e-1111-4222-8333-123456789abc' });
  });

  it('updates by banner_id, and the storefront sees the change and the deactivation at once', async () => {
    const { banner_id } = await addBanner({ title: 'Before' });
    expect((await storefrontBanners()).find((b) => b.banner_id === banner_id)?.title).toBe('Before');
    const res = await admin.call('PATCH', '/api/admin/banner/update', { ...valid, banner_id, title: 'After' });
    expect(res.json()).toMatchObject({ code: 1, message: 'Banner updated successfully.', data: { banner_id, title: 'After' } });
    expect((await storefrontBanners()).find((b) => b.banner_id === banner_id)?.title).toBe('After');
    await admin.call('PATCH', '/api/admin/banner/update', { ...valid, banner_id, isactive: 0 });
    expect((await storefrontBanners()).some((b) => b.banner_id === banner_id)).toBe(false);
  });

  it('deletes by banner_id with the spec’s message; it leaves the storefront; a second delete is 404', async () => {
    const { banner_id } = await addBanner();
    expect((await storefrontBanners()).some((b) => b.banner_id === banner_id)).toBe(true);
    const res = await admin.call('DELETE', '/api/admin/banner/delete', { banner_id });
    expect(res.json()).toEqual({ code: 1, message: 'Banner deleted. Refresh to see changes.', data: null });
    expect((await storefrontBanners()).some((b) => b.banner_id === banner_id)).toBe(false);
    const again = await admin.call('DELETE', '/api/admin/banner/delete', { banner_id });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ code: -1, message: M.bannerNotFound, data: null });
  });

  it('a missing banner is 404 on detail and update; a bad id is 400', async () => {
    expect((await admin.call('GET', '/api/admin/banner/detail?id=999999')).json()).toEqual({ code: -1, message: 'Banner not found', data: null });
    expect((await admin.call('PATCH', '/api/admin/banner/update', { ...valid, banner_id: 999999 })).statusCode).toBe(404);
    const bad = await admin.call('GET', '/api/admin/banner/detail?id=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid querystring id: Banner id must be a whole number from 1 to 2147483647.');
  });

  it('every write is audited with who, before and after', async () => {
    const { banner_id } = await addBanner({ title: 'Audited' });
    await admin.call('PATCH', '/api/admin/banner/update', { ...valid, banner_id, title: 'Audited 2' });
    await admin.call('DELETE', '/api/admin/banner/delete', { banner_id });
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.entity_id, String(banner_id)));
    const ofBanner = entries.filter((e) => e.entity === 'banner').sort((a, b) => a.id - b.id);
    expect(ofBanner.map((e) => [e.action, e.actor_id, (e.before as { title?: string } | null)?.title ?? null, (e.after as { title?: string } | null)?.title ?? null])).toEqual([
      ['banner.add', admin.id, null, 'Audited'],
      ['banner.update', admin.id, 'Audited', 'Audited 2'],
      ['banner.delete', admin.id, 'Audited 2', null],
    ]);
  });
});
