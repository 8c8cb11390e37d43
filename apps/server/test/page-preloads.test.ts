import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';
import { banners, catalogs, itemImages, items, sales, shops } from '../src/db/schema';
import { withPreloads } from '../src/plugins/page-preloads';
import { buildTestApp, type TestApp } from './helper';
import { FIXTURE_MANIFEST, HOME_CHUNKS, LISTING_CHUNKS, PRODUCT_CHUNKS } from './route-chunks-fixtures';

/**
 * The SPA's HTML preloads what a page fetches first (issue 12, render path): the image a product page or
 * home opens on, a product page's item read, and (with the build's manifest) the page's screen chunks.
 */

const INDEX_HTML = '<!doctype html>\n<html>\n  <head>\n    <title>SSD Store</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

let t: TestApp;
let dist: string;
const id: Record<string, number> = {};

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ssd-web-preload-'));
  writeFileSync(join(dist, 'index.html'), INDEX_HTML);
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
const reads = (html: string) => html.match(/<link rel="preload" as="fetch"[^>]*>/g) ?? [];
const modulePreloads = (html: string) => html.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
const moduleLinks = (links: ReadonlyArray<string | { href: string; media?: string }>) =>
  links.map((link) => {
    const { href, media } = typeof link === 'string' ? { href: link, media: undefined } : link;
    return `<link rel="modulepreload" crossorigin href="${href}"${media ? ` media="${media}"` : ''} fetchpriority="low">`;
  });
const productRead = (productId: number) =>
  `<link rel="preload" as="fetch" crossorigin href="/content/items/items/${productId}?fields=*%2Cimages.id%2Cimages.directus_files_id">`;

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

describe("a product page preloads its item read, the address the product screen fetches", () => {
  it('/product/{id}/{title} with an id the screen reads: the item with its images, in CORS mode like fetch()', async () => {
    expect(reads((await page(`/product/${id.Gallery}/R2FsbGVyeQ`)).body)).toEqual([productRead(id.Gallery!)]);
    // An unknown product is read too (the screen then shows Not found): the address alone does not tell.
    expect(reads((await page('/product/999999/x/')).body)).toEqual([productRead(999999)]);
  });

  it('nothing where the product screen reads nothing or does not open', async () => {
    for (const url of ['/product/abc/x', '/product/0/x', '/product/1e3/x', '/product/12', `/product/${id.Gallery}/x/more`, '/fabrics']) {
      expect(reads((await page(url)).body), url).toEqual([]);
    }
  });
});

describe("home preloads the reads its first slide waits on", () => {
  const BANNERS = '<link rel="preload" as="fetch" crossorigin href="/content/items/banners">';
  const SALES = '<link rel="preload" as="fetch" crossorigin href="/api/home/sales/active">';

  it('the banners and the running sales', async () => {
    expect(reads((await page('/')).body)).toEqual([BANNERS, SALES]);
    expect(reads((await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark; user_token=' } })).body)).toEqual([BANNERS, SALES]);
  });

  it('not the sales for a browser with the access-token cookie: it reads them with its tokens as headers', async () => {
    const signedIn = await t.app.inject({ method: 'GET', url: '/', headers: { cookie: 'theme=dark; user_token=abc.def=' } });
    expect(reads(signedIn.body)).toEqual([BANNERS]);
  });
});

describe("the search box's native submission (before the app has taken a rendered page over)", () => {
  it('/search?q=… goes on to the results of the trimmed text, /search/{base64url}, as a GET', async () => {
    const answer = await page('/search?q=%20kundan%20jhumka%20');
    expect(answer.statusCode).toBe(303);
    expect(answer.headers.location).toBe('/search/a3VuZGFuIGpodW1rYQ');
  });

  it('a results address whose id names no text goes to the search landing, as the app would send it', async () => {
    for (const url of ['/search/%21%21', '/search/!!', '/search/ICA']) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBe(302);
      expect(answer.headers.location, url).toBe('/search');
    }
    // Percent-escaped base64url ('silk' with its padding) is read as the app's router reads it.
    expect((await page('/search/c2lsaw%3D%3D')).statusCode).toBe(200);
  });

  it('an empty or blank q is the search landing itself', async () => {
    for (const url of ['/search?q=', '/search?q=%20%20', '/search']) {
      const answer = await page(url);
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe(INDEX_HTML);
    }
  });
});

describe('without a build manifest', () => {
  it('no module preloads, and a page with nothing else to preload is index.html as built', async () => {
    const listing = await page('/fabrics');
    expect(listing.body).toBe(INDEX_HTML);
    expect(modulePreloads((await page(`/product/${id.Gallery}/R2FsbGVyeQ`)).body)).toEqual([]);
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
      // Started a day ago: the column's default, the database's now() in microseconds, can be a fraction of
      // a millisecond after the server's Date of a request made right after the insert.
      { sale_name: 'Later', tag_name: 'later', banner_image: 'later', active_from: new Date(Date.now() - day), active_till: new Date(Date.now() + 20 * day) },
      {
        sale_name: 'Sooner',
        tag_name: 'sooner',
        banner_image: 'sooner',
        banner_image_laptop: 'sooner-laptop',
        active_from: new Date(Date.now() - day),
        active_till: new Date(Date.now() + 5 * day),
      },
    ]);
    expect(preloads((await page('/')).body)).toEqual([
      `<link rel="preload" as="image" href="/content/assets/sooner" ${PHONE} fetchpriority="high">`,
      `<link rel="preload" as="image" href="/content/assets/sooner-laptop" ${DESKTOP} fetchpriority="high">`,
    ]);
  });
});

describe("with the build's manifest, a page preloads its screen's chunks", () => {
  let withManifest: TestApp;
  let builtDist: string;

  beforeAll(async () => {
    builtDist = mkdtempSync(join(tmpdir(), 'ssd-web-chunks-'));
    writeFileSync(join(builtDist, 'index.html'), INDEX_HTML);
    mkdirSync(join(builtDist, '.vite'));
    writeFileSync(join(builtDist, '.vite', 'manifest.json'), JSON.stringify(FIXTURE_MANIFEST));
    withManifest = await buildTestApp({ webDistDir: builtDist });
  });

  afterAll(async () => {
    await withManifest.close();
    rmSync(builtDist, { recursive: true, force: true });
  });

  const built = (url: string) => withManifest.app.inject({ method: 'GET', url });

  it("home: its screen's chunks, in the head", async () => {
    const res = await built('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(modulePreloads(res.body)).toEqual(moduleLinks(HOME_CHUNKS));
    expect(res.body.lastIndexOf('rel="modulepreload"')).toBeLessThan(res.body.indexOf('</head>'));
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('the fabrics listing (with a query too): the listings group', async () => {
    expect(modulePreloads((await built('/fabrics')).body)).toEqual(moduleLinks(LISTING_CHUNKS));
    expect(modulePreloads((await built('/fabrics?sort=price')).body)).toEqual(moduleLinks(LISTING_CHUNKS));
  });

  it("a product page: its screen's chunks beside its item read", async () => {
    const body = (await built('/product/10/V2luZQ')).body;
    expect(modulePreloads(body)).toEqual(moduleLinks(PRODUCT_CHUNKS));
    expect(reads(body)).toEqual([productRead(10)]);
  });

  it("a browser with a session cookie: the startup verification's chunks too, after the screen's, on any page", async () => {
    const signedIn = (url: string) => withManifest.app.inject({ method: 'GET', url, headers: { cookie: 'user_token=abc.def' } });
    const session = ['/assets/session-calls-S2.js', '/assets/auth-U1.js', '/assets/zod-Z1.js'];
    expect(modulePreloads((await signedIn('/cart')).body)).toEqual(moduleLinks(['/assets/guards-G1.js', '/assets/storefront-S1.js', '/assets/cart-screen-K1.js', '/assets/product-card-P1.js', '/assets/heart-H1.js', ...session]));
    expect(modulePreloads((await signedIn('/terms')).body)).toEqual(moduleLinks(session));
    expect(modulePreloads((await built('/terms')).body)).toEqual([]);
  });

  it('a page the table does not name is index.html as built', async () => {
    for (const url of ['/terms', '/auth/login', '/no/such/page']) {
      const res = await built(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(INDEX_HTML);
    }
  });

  it('a page written with preloads is compressed as the browser accepts, like the built files', async () => {
    const plain = (await built('/fabrics')).body;
    const br = await withManifest.app.inject({ method: 'GET', url: '/fabrics', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('Accept-Encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await withManifest.app.inject({ method: 'GET', url: '/fabrics', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
    expect((await built('/fabrics')).headers['content-encoding']).toBeUndefined();
  });

  it('the manifest itself is not served', async () => {
    expect((await built('/.vite/manifest.json')).statusCode).toBe(404);
  });
});

describe("a server-rendered page starts its app after its first paint (decisions/0053)", () => {
  // index.html as the web build writes it (vite.config.ts startAfterPaintLoader).
  const entryTag = '<script type="module" crossorigin src="/assets/index-E1.js" data-after-paint="/assets/start-after-paint-L1.js"></script>';
  const shell = `<html><head>${entryTag}</head><body><div id="root"></div></body></html>`;
  const rendered = shell.replace('<div id="root"></div>', `<div id="root"><main>Fabrics</main></div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">{}</script>`);
  const preloads = { modules: [{ href: '/assets/listings-L1.js' }, { href: '/assets/slider-S1.js', media: '(max-width: 767px)' }], reads: [], images: [{ href: '/content/assets/a' }] };
  const loader = '<script defer src="/assets/start-after-paint-L1.js" data-entry="/assets/index-E1.js"></script>';

  it("names the loader, with the entry's address, instead of the entry; its chunks wait in a template, which fetches nothing", () => {
    const html = withPreloads(rendered, preloads);
    expect(html).not.toContain(entryTag);
    expect(html).toContain(loader);
    expect(html).toContain(
      '<template data-after-paint><link rel="modulepreload" crossorigin href="/assets/listings-L1.js" fetchpriority="low">' +
        '<link rel="modulepreload" crossorigin href="/assets/slider-S1.js" media="(max-width: 767px)" fetchpriority="low"></template>',
    );
    expect(modulePreloads(html.replace(/<template[\s\S]*?<\/template>/, ''))).toEqual([]);
    // The largest image is not held back.
    expect(preloads.images.every(({ href }) => html.includes(`<link rel="preload" as="image" href="${href}" fetchpriority="high">`))).toBe(true);
  });

  it('the app shell (a signed-in visit, a page not rendered) keeps the entry and its chunk preloads', () => {
    const html = withPreloads(shell, preloads);
    expect(html).toContain(entryTag);
    expect(html).not.toContain('<template');
    expect(modulePreloads(html)).toEqual(moduleLinks(preloads.modules));
  });

  it('a build without the loader: the rendered page keeps its entry and preloads as before', () => {
    const plainEntry = '<script type="module" crossorigin src="/assets/index-E1.js"></script>';
    const html = withPreloads(rendered.replace(entryTag, plainEntry), preloads);
    expect(html).toContain(plainEntry);
    expect(modulePreloads(html)).toEqual(moduleLinks(preloads.modules));
  });
});
