import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_IMAGE_UPLOAD_BYTES } from '@ssd/shared/admin-files';
import { auditLog, files } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';
import { adminCaller, callerWithRole, type Caller } from './admin-fixtures';
import { JPEG_3X2, PNG_6X7, WEBP_4X5 } from './admin-files-fixtures';

/**
 * Image upload of the admin console (issue 11, "Images"; docs/decisions/0035): the type is read from the
 * bytes, the size is limited, only an administrator may upload, and what is stored is served back from
 * /content/assets/{id} as the type it really is.
 */

let t: TestApp;
let admin: Caller;
let shopper: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await adminCaller(t);
  shopper = await callerWithRole(t, 'user');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

interface UploadOptions {
  filename?: string;
  contentType?: string;
  token?: string | null;
}

function upload(body: Buffer | Readable, { filename, contentType = 'application/octet-stream', token }: UploadOptions = {}) {
  const bearer = token === undefined ? admin.token : token;
  return t.app.inject({
    method: 'POST',
    url: filename === undefined ? '/api/admin/files' : `/api/admin/files?filename=${encodeURIComponent(filename)}`,
    headers: { 'content-type': contentType, ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
    payload: body,
  });
}

const fileCount = async () => (await t.db.select({ id: files.id }).from(files)).length;

/** Asserts a refusal: the status, the exact envelope, and that nothing was stored. */
async function expectRefused(response: Promise<Awaited<ReturnType<typeof upload>>>, status: number, message: string) {
  const before = await fileCount();
  const res = await response;
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toEqual({ code: 0, message, data: null });
  expect(await fileCount()).toBe(before);
}

describe('POST /api/admin/files', () => {
  it.each([
    ['JPEG', JPEG_3X2, 'red.jpg', 'image/jpeg', 'red.jpg', 3, 2],
    ['PNG', PNG_6X7, 'green.png', 'image/png', 'green.png', 6, 7],
    ['WebP', WEBP_4X5, 'blue.webp', 'image/webp', 'blue.webp', 4, 5],
  ])('stores a %s with its size and serves it back from /content/assets as that type', async (_name, bytes, sent, type, kept, width, height) => {
    const res = await upload(bytes, { filename: sent, contentType: type });
    expect(res.statusCode, res.body).toBe(200);
    const { code, message, data } = res.json();
    expect({ code, message }).toEqual({ code: 1, message: 'Image uploaded.' });
    expect(data).toEqual({ id: expect.any(String), path: `/content/assets/${data.id}`, filename: kept, type, filesize: bytes.length, width, height });

    const served = await t.app.inject({ method: 'GET', url: data.path });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe(type);
    expect(served.rawPayload.equals(bytes)).toBe(true);
  });

  it('records the upload in the audit log (who and what, not the bytes)', async () => {
    const { data } = (await upload(PNG_6X7, { filename: 'audited.png' })).json();
    const rows = await t.db.select().from(auditLog).where(and(eq(auditLog.entity, 'file'), eq(auditLog.entity_id, data.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_id: admin.id, action: 'file.upload', before: null, after: data });
  });

  it('goes by the bytes: a PNG named photo.jpg and sent as image/jpeg is stored and served as a PNG named photo.png', async () => {
    const res = await upload(PNG_6X7, { filename: 'photo.jpg', contentType: 'image/jpeg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ type: 'image/png', filename: 'photo.png', width: 6, height: 7 });
    const [row] = await t.db.select().from(files).where(eq(files.id, res.json().data.id));
    expect(row).toMatchObject({ type: 'image/png', filename_download: 'photo.png' });
    const served = await t.app.inject({ method: 'GET', url: res.json().data.path });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it('keeps only the last segment of the name, without control characters, and never an .svg extension', async () => {
    const res = await upload(PNG_6X7, { filename: '../../etc/evil\u0007.svg' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.filename).toBe('evil.png');
    const unnamed = await upload(PNG_6X7);
    expect(unnamed.json().data.filename).toBe('image.png');
    const served = await t.app.inject({ method: 'GET', url: res.json().data.path });
    expect(served.headers['content-type']).toBe('image/png');
  });

  it.each([
    ['an ELF executable named photo.png', Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)]), 'photo.png', 'image/png'],
    ['a Windows executable named photo.jpg', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)]), 'photo.jpg', 'image/jpeg'],
    ['an SVG with a script named logo.png', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'logo.png', 'image/png'],
    ['an HTML page named banner.webp', Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>'), 'banner.webp', 'image/webp'],
    ['a GIF', Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;'), 'anim.gif', 'image/gif'],
    ['a RIFF file that is not WebP (a WAV)', Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), Buffer.alloc(32)]), 'sound.webp', 'image/webp'],
    ['a JSON body', Buffer.from('{}'), 'x.png', 'application/json'],
  ])('refuses %s with 415 and stores nothing', async (_name, bytes, filename, contentType) => {
    await expectRefused(upload(bytes, { filename, contentType }), 415, 'Only JPEG, PNG or WebP images can be uploaded.');
  });

  it('refuses a file that only starts like an image (a header that cannot be read) with 422', async () => {
    const forgedJpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('<script>alert(1)</script>')]);
    const truncatedPng = PNG_6X7.subarray(0, 12);
    for (const bytes of [forgedJpeg, truncatedPng]) {
      await expectRefused(upload(bytes, { filename: 'x.jpg' }), 422, 'The image could not be read. Upload a complete JPEG, PNG or WebP file.');
    }
  });

  it('refuses an empty body with 400', async () => {
    await expectRefused(upload(Buffer.alloc(0), { filename: 'x.png', contentType: 'image/png' }), 400, 'Choose an image to upload.');
  });

  it(`takes an image of exactly ${MAX_IMAGE_UPLOAD_BYTES} bytes and refuses one byte more with 413, however it is sent`, async () => {
    const padded = (size: number) => Buffer.concat([PNG_6X7, Buffer.alloc(size - PNG_6X7.length)]);
    const atLimit = await upload(padded(MAX_IMAGE_UPLOAD_BYTES), { filename: 'big.png' });
    expect(atLimit.statusCode, atLimit.body).toBe(200);
    expect(atLimit.json().data.filesize).toBe(MAX_IMAGE_UPLOAD_BYTES);

    const tooLarge = 'The image is too large (5 MB at most).';
    await expectRefused(upload(padded(MAX_IMAGE_UPLOAD_BYTES + 1), { filename: 'big.png' }), 413, tooLarge);
    // Without a Content-Length (chunked), the limit stops the read all the same.
    await expectRefused(upload(Readable.from([padded(MAX_IMAGE_UPLOAD_BYTES + 1)]), { filename: 'big.png' }), 413, tooLarge);
  });

  it('the rest of the API keeps its own 1 MB limit', async () => {
    const res = await admin.call('POST', '/api/admin/banner/add', { title: 'x'.repeat(2 * 1024 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('The request is too large (1 MB at most).');
  });

  it('answers 401 to a visitor and 403 to a shopper, and stores nothing', async () => {
    const before = await fileCount();
    const visitor = await upload(PNG_6X7, { filename: 'x.png', token: null });
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().code).toBe(-2);
    const asShopper = await upload(PNG_6X7, { filename: 'x.png', token: shopper.token });
    expect(asShopper.statusCode).toBe(403);
    // Refused before the body is read: a shopper's oversized upload gets 403, not 413.
    const oversized = await upload(Buffer.alloc(MAX_IMAGE_UPLOAD_BYTES + 1), { token: shopper.token });
    expect(oversized.statusCode).toBe(403);
    expect(await fileCount()).toBe(before);
  });

  it('the answered path is what an image field takes: a banner shows the uploaded image', async () => {
    const { data } = (await upload(JPEG_3X2, { filename: 'diwali.jpg' })).json();
    const banner = await admin.call('POST', '/api/admin/banner/add', { title: 'Uploaded', banner_image: data.path, link: '', isactive: true });
    expect(banner.statusCode, banner.body).toBe(200);
    expect(banner.json().data.banner_image).toBe(data.path);
  });

  it('the pages’ CSP lets an <img> load an uploaded image (same origin)', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/health' });
    const imgSrc = /(?:^|;)\s*img-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]?.split(' ');
    expect(imgSrc).toContain("'self'");
  });
});
