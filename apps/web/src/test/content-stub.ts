import { vi } from 'vitest';

export interface ContentCall {
  path: string;
  params: URLSearchParams;
  /** filter= parsed from JSON, when present. */
  filter: unknown;
}

type Answer = { status?: number; body: unknown } | Error;

/**
 * Stubs fetch for the content service and the product API at once: `content(call)` answers
 * /content reads (body {data, meta?}), `api` answers /api paths by 'METHOD /path' with an envelope.
 * Unknown calls fail like a server that is not there.
 */
export function stubStore({
  content,
  api = {},
}: {
  content?: (call: ContentCall) => Answer | Promise<Answer>;
  api?: Record<string, unknown | (() => unknown)>;
}) {
  const contentCalls: ContentCall[] = [];
  const apiCalls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    if (url.pathname.startsWith('/content/')) {
      const filterText = url.searchParams.get('filter');
      const call: ContentCall = {
        path: url.pathname,
        params: url.searchParams,
        filter: filterText ? (JSON.parse(filterText) as unknown) : undefined,
      };
      contentCalls.push(call);
      const answer = content ? await content(call) : new TypeError('no content stub');
      if (answer instanceof Error) throw answer;
      return json(answer.status ?? 200, answer.body);
    }
    const key = `${(init.method ?? 'GET').toUpperCase()} ${url.pathname}`;
    apiCalls.push(key);
    const handler = api[key];
    if (handler === undefined) throw new TypeError(`No stub for ${key}`);
    return json(200, typeof handler === 'function' ? (handler as () => unknown)() : handler);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, contentCalls, apiCalls, itemCalls: () => contentCalls.filter((call) => call.path === '/content/items/items') };
}

export function card(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    title: `Item ${id}`,
    catalog: 'Sarees',
    shop: 'fabrics',
    price: 1000 + id,
    market_price: 2000 + id,
    thumbnail_image: `file-${id}`,
    quantity: 5,
    ...overrides,
  };
}

export function cards(from: number, count: number) {
  return Array.from({ length: count }, (_, index) => card(from + index));
}

/** A controllable IntersectionObserver: `intersectAll()` reports every observed node visible. */
export function installIntersectionObserver() {
  const observers = new Set<{ callback: IntersectionObserverCallback; nodes: Set<Element>; options?: IntersectionObserverInit }>();
  class FakeObserver {
    entry: { callback: IntersectionObserverCallback; nodes: Set<Element>; options?: IntersectionObserverInit };
    constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
      this.entry = { callback, nodes: new Set(), options };
      observers.add(this.entry);
    }
    observe(node: Element) {
      this.entry.nodes.add(node);
    }
    unobserve(node: Element) {
      this.entry.nodes.delete(node);
    }
    disconnect() {
      observers.delete(this.entry);
    }
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  return {
    observers,
    intersectAll() {
      for (const entry of [...observers]) {
        const records = [...entry.nodes].map((target) => ({ isIntersecting: true, target }) as IntersectionObserverEntry);
        if (records.length > 0) entry.callback(records, entry as unknown as IntersectionObserver);
      }
    },
  };
}
