import { vi } from 'vitest';

/** An envelope as the server sends it. */
export interface StubEnvelope {
  code: 1 | 0 | -1 | -2;
  message: string;
  data: unknown;
}

export interface StubCall {
  method: string;
  path: string;
  body: unknown;
  headers: Record<string, string>;
}

type Handler = (call: StubCall) => StubEnvelope | Promise<StubEnvelope>;

export const ok = (data: unknown = null, message = ''): StubEnvelope => ({ code: 1, message, data });
export const warn = (message: string): StubEnvelope => ({ code: 0, message, data: null });
export const fail = (message: string, code: -1 | -2 = -1): StubEnvelope => ({ code, message, data: null });

/**
 * Stubs the browser's fetch with answers per 'METHOD /path' (the query is ignored). A call no
 * handler knows answers like a server that is not there. `calls` records what was sent.
 */
export function stubApi(handlers: Record<string, StubEnvelope | Handler>) {
  const calls: StubCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: StubCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler) throw new TypeError(`No stub for ${call.method} ${call.path}`);
    const envelope = typeof handler === 'function' ? await handler(call) : handler;
    return new Response(JSON.stringify(envelope), { status: 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

/** Answers a test held and has not settled yet (settleHeldAnswers). */
const heldAnswers = new Set<(reason: Error) => void>();

/** A promise the test settles when it wants, to see what the screen shows meanwhile. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: Error) => void;
  const promise = new Promise<T>((done, fail) => {
    resolve = (value) => {
      heldAnswers.delete(reject);
      done(value);
    };
    reject = fail;
  });
  // Rejected by settleHeldAnswers when the test never used it: not an unhandled rejection.
  promise.catch(() => undefined);
  heldAnswers.add(reject);
  return { promise, resolve };
}

/**
 * Fails every answer a finished test still holds, as a lost connection would. A call in flight that
 * the app shares at module level (lib/session-calls.ts: one verification) would otherwise stay
 * pending into the next tests and hang them: one failing test took five down in a CI run.
 */
export function settleHeldAnswers(): void {
  for (const reject of heldAnswers) reject(new TypeError('the test ended while this answer was held'));
  heldAnswers.clear();
}

export const loginData = (overrides: Record<string, unknown> = {}) => ({
  name: 'Asha',
  email: 'asha@example.com',
  access_token: 'access-1',
  refresh_token: 'refresh-1',
  role: 'user',
  auth_provider: 'local',
  ...overrides,
});

/** Finds the toast with this text and returns its type. */
export function toastType(element: HTMLElement): string | null {
  return element.closest('[data-type]')?.getAttribute('data-type') ?? null;
}
