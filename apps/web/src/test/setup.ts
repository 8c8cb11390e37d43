import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { settleHeldAnswers } from './api-stub';
import { matchMedia, matchMediaController } from './match-media';

// Screens load lazily, one chunk each: under a full parallel run, the first render of a chunk
// can take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 4000 });

/** jsdom has no layout: the few browser APIs the shell and Radix touch get minimal stand-ins. */
Object.defineProperty(window, 'matchMedia', { configurable: true, writable: true, value: matchMedia });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= vi.fn();

beforeEach(() => {
  // No test reaches a real server: a test that needs answers stubs fetch itself.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.reject(new TypeError('fetch is not stubbed in this test'))),
  );
});

afterEach(async () => {
  cleanup();
  settleHeldAnswers();
  // Lets what waited on those answers finish (and clear what it shares) before the next test.
  await new Promise((done) => setTimeout(done, 0));
  vi.unstubAllGlobals();
  matchMediaController.reset();
  document.title = '';
  document.body.style.overflow = '';
  window.history.replaceState(null, '');
  // The session lives in the cookie and the storages: no test inherits another's login.
  for (const part of document.cookie.split(';')) {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
  window.localStorage.clear();
  window.sessionStorage.clear();
});
