import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, catalogs, itemImages, items, sales, shops } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';

/** The SPA's HTML preloads the image a product page or home opens on (issue 12, render path). */

let t: TestApp;
let dist: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ssd-web-preload-'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html>\n<html>\n  <head>\n    <title>SSD Store</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n');
  t = await buildTestApp({ webDistDir: dist });
  await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await t.db.insert(catalogs).values({ title: 'Sarees', image: 'img-sarees' });
  const item = (title: string, thumbnail: string, archived = false) => ({
    title,
    catalog: 'Sarees',
    shop: 'fabrics',
    price_paise: 250000,
    thumbnail_image: thumbnail,
    quantity: 3,
    tags: [],
    archived_at: archived ? new Date() : null,
  });
  const rows = await t.db
    .insert(items)
    .values([item('Gallery', 'thumb-gallery'), item('Thumbnail only', 'https://cdn.example.com/a.jpg?w=800&h=1000'), item('Archived', 'thumb-archived', true)])
    .returning({ id: items.id, title: items.title });
  for (const row of rows) id[row.title] = row.id;
  // Inserted out of order: the gallery opens on the lowest sort.
  await t.db.insert(itemImages).values([
    { item_id: id.Gallery!, directus_files_id: 'second-image', sort: 2 },
    { item_id: id.Gallery!, directus_files_id: 'first image', sort: 1 },
  ]);
});

afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url });
const preloads = (html: string) => html.match(/<link rel="preload" as="image"[^>]*>/g) ?? [];

describe('a product page preloads its first image', () => {
  it("the gallery's first image, at high priority, in the head", async () => {
    const res = await page(`/product/${id.Gallery}/R2FsbGVyeQ`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(preloads(res.body)).toEqual(['<link rel="preload" as="image" href="/content/assets/first%20image" fetchpriority="high">']);
    expect(res.body.indexOf('rel="preload"')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('the thumbnail when the item has no images; a pasted address is escaped', async () => {
    const res = await page(`/product/${id['Thumbnail only']}`);
    expect(preloads(res.body)).toEqual(['<link rel="preload" as="image" href="https://cdn.example.com/a.jpg?w=800&amp;h=1000" fetchpriority="high">']);
  });

  it('nothing for an archived or unknown product, a malformed id, or a page whose image the address does not tell', async () => {
    for (const url of [`/product/${id.Archived}/x`, '/product/999999/x', '/product/abc', '/product/1e3', '/fabrics', '/wishlist']) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(preloads(res.body), url).toEqual([]);
    }
  });
});

describe("home preloads its first banner slide, the phone's and the laptop's image each for its viewports", () => {
  const PHONE = 'media="not all and (min-width: 768px)"';
  const DESKTOP = 'media="(min-width: 768px)"';

  it('nothing while there is no banner and no sale', async () => {
    expect(preloads((await page('/')).body)).toEqual([]);
  });

  it('the first active banner (lowest id); one image serves both when the banner has no phone image', async () => {
    await t.db.insert(banners).values([
      { title: 'Hidden', banner_image: 'hidden', isactive: false },
      { title: 'First', banner_image: 'first-wide', banner_image_mobile: 'first-tall', banner_image_laptop: null },
      { title: 'Second', banner_image: 'second' },
    ]);
    expect(preloads((await page('/')).body)).toEqual([
      `<link rel="preload" as="image" href="/content/assets/first-tall" ${PHONE} fetchpriority="high">`,
      `<link rel="preload" as="image" href="/content/assets/first-wide" ${DESKTOP} fetchpriority="high">`,
    ]);
  });

  it('a running sale comes first, the soonest to end; an ended or future sale does not count', async () => {
    const day = 24 * 60 * 60 * 1000;
    await t.db.insert(sales).values([
      { sale_name: 'Ended', tag_name: 'ended', banner_image: 'ended', active_from: new Date(Date.now() - 9 * day), active_till: new Date(Date.now() - day) },
      { sale_name: 'Future', tag_name: 'future', banner_image: 'future', active_from: new Date(Date.now() + day), active_till: new Date(Date.now() + 9 * day) },
      { sale_name: 'Later', tag_name: 'later', banner_image: 'later', active_till: new Date(Date.now() + 20 * day) },
      { sale_name: 'Sooner', tag_name: 'sooner', banner_image: 'sooner', banner_image_laptop: 'sooner-laptop', active_till: new Date(Date.now() + 5 * day) },
    ]);
    expect(preloads((await page('/')).body)).toEqual([
      `<link rel="preload" as="image" href="/content/assets/sooner" ${PHONE} fetchpriority="high">`,
      `<link rel="preload" as="image" href="/content/assets/sooner-laptop" ${DESKTOP} fetchpriority="high">`,
    ]);
  });
});
