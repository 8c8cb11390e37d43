import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';
import { catalogs } from '../src/db/schema';
import { isRenderedPage, withRenderedPage } from '../src/plugins/page-render';
import { buildTestApp, type TestApp } from './helper';

/**
 * Server rendering of a first visit's storefront page (docs/decisions/0051): the web plugin loads the
 * web build's renderer (dist-ssr/entry-server.js beside dist/), hands it a transport that answers the
 * app's own paths inside the server, and puts what it renders in #root with its reads' answers after it
 * — for visitors without a session cookie, on storefront pages, and never at the cost of the page.
 *
 * The renderer here is a small module of the same shape as apps/web src/entry-server.tsx (the real one
 * is exercised in a browser by apps/web e2e/server-rendering.spec.ts): it reads the catalogs through the
 * transport, so the answer proves the transport reaches the real content service.
 */

const INDEX_HTML = '<!doctype html>\n<html>\n  <head>\n    <title>SSD Store</title>\n  </head>\n  <body><div id="root"></div></body>\n</html>\n';

const RENDERER = `
let transport = null;
export function setTransport(fn) { transport = fn; }
export async function renderPage(url, viewport, signal) {
  if (url.startsWith('/fabrics?fail')) throw new Error('a screen failed');
  if (url.startsWith('/fabrics?slow')) return new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason)));
  if (url.startsWith('/fabrics?redirect')) return null;
  const response = await transport('/content/items/catalogs?fields=title&sort=title', { headers: { Accept: 'application/json' } });
  const body = await response.json();
  const titles = body.data.map((row) => row.title).join(', ');
  return { html: '<main data-url="' + url + '" data-viewport="' + viewport + '">' + titles + '</main>', state: JSON.stringify({ status: response.status, note: '</script><!-- not the end' }) };
}
`;

let t: TestApp;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ssd-page-render-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(root, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  t = await buildTestApp({ webDistDir: join(root, 'dist') });
  await t.db.insert(catalogs).values([
    { title: 'Sarees', image: 'img-sarees' },
    { title: 'Earrings', image: 'img-earrings' },
  ]);
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const page = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
const stateOf = (html: string) => new RegExp(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];

describe('a first visit to a storefront page', () => {
  it('comes rendered, with the reads the renderer made through the app in #root', async () => {
    const response = await page('/fabrics?sort=price');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(rootOf(response.body)).toBe('<main data-url="/fabrics?sort=price" data-viewport="desktop">Earrings, Sarees</main>');
  });

  it('is drawn for a phone when the browser says it is a mobile one, for a desktop otherwise', async () => {
    const iphone = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
    const viewport = async (headers: Record<string, string>) => /data-viewport="(\w+)"/.exec((await page('/fabrics', headers)).body)?.[1];
    expect(await viewport({ 'user-agent': iphone })).toBe('phone');
    expect(await viewport({ 'sec-ch-ua-mobile': '?1', 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64)' })).toBe('phone');
    expect(await viewport({ 'sec-ch-ua-mobile': '?0', 'user-agent': iphone })).toBe('desktop');
    expect(await viewport({ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36' })).toBe('desktop');
  });

  it("carries the reads' answers after #root as JSON no markup can end early", async () => {
    const response = await page('/');
    const state = stateOf(response.body);
    expect(state).toBe('{"status":200,"note":"\\u003c/script>\\u003c!-- not the end"}');
    expect(JSON.parse(state!)).toEqual({ status: 200, note: '</script><!-- not the end' });
    expect(response.body.indexOf(`id="${SERVER_STATE_ELEMENT_ID}"`)).toBeGreaterThan(response.body.indexOf('<div id="root">'));
  });

  it('is marked as varying with the cookie and the phone hints: the same address differs by them', async () => {
    expect(String((await page('/fabrics')).headers.vary)).toBe('Accept-Encoding, Cookie, Sec-CH-UA-Mobile, User-Agent');
  });
});

describe('the app shell instead', () => {
  it('for a visitor with a session cookie (their page is theirs, and its reads need their tokens)', async () => {
    const response = await page('/fabrics', { cookie: 'theme=dark; user_token=a.b.c' });
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('');
    expect(stateOf(response.body)).toBeUndefined();
  });

  it('for pages that are not storefront landing pages: sign-in, contact, cart, orders, admin', async () => {
    for (const path of ['/auth/login', '/contact', '/cart', '/orders', '/admin']) {
      expect(rootOf((await page(path)).body), path).toBe('');
    }
  });

  it('when the renderer fails, gives up at its time limit, or answers with a redirect', async () => {
    for (const path of ['/fabrics?fail=1', '/fabrics?slow=1', '/fabrics?redirect=1']) {
      const response = await page(path);
      expect(response.statusCode, path).toBe(200);
      expect(rootOf(response.body), path).toBe('');
    }
  });
});

describe('which pages are rendered', () => {
  it('home, shop, the listings, search, a product, a sale and the policies', () => {
    for (const path of ['/', '/shop', '/fabrics', '/jewels', '/jewel', '/catalog/Sarees', '/search', '/search/c2lsaw', '/product/10/V2luZQ', '/sale/festive-sale', '/terms', '/privacy', '/shipping', '/returns']) {
      expect(isRenderedPage(path), path).toBe(true);
    }
    for (const path of ['/contact', '/auth/login', '/auth/signup', '/cart', '/wishlist', '/orders', '/profile', '/admin', '/product/10', '/unknown']) {
      expect(isRenderedPage(path), path).toBe(false);
    }
  });

  it('puts the markup in an empty #root only', () => {
    const page = { html: '<p>x</p>', state: '{}' };
    expect(withRenderedPage('<body><div id="root"></div></body>', page)).toBe(
      `<body><div id="root"><p>x</p></div><script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">{}</script></body>`,
    );
    expect(withRenderedPage('<body><main></main></body>', page)).toBe('<body><main></main></body>');
  });
});
