import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ANSWERED_BY_APP } from './lib/press-replay';

// The loader a server-rendered page names instead of the entry (decisions/0053), run as the page runs it.
import LOADER from './start-after-paint.js?raw';

/** Runs the loader as the browser runs its tag (document.currentScript is that tag meanwhile). */
function runLoader(entry: string | null): void {
  const tag = document.createElement('script');
  if (entry) tag.setAttribute('data-entry', entry);
  const currentScript = vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag);
  // The shipped file's text, run as a classic script is.
  new Function(LOADER)();
  currentScript.mockRestore();
}

const appScripts = () => [...document.querySelectorAll<HTMLScriptElement>('script[type="module"]')];
const chunkLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')];

describe('start-after-paint.js', () => {
  let frames: FrameRequestCallback[];

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    frames = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    // The server's held-back chunk preloads (apps/server page-preloads.ts).
    document.head.innerHTML = '<template data-after-paint><link rel="modulepreload" crossorigin href="/assets/listings-L1.js" fetchpriority="low"></template>';
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
    vi.restoreAllMocks();
    document.head.innerHTML = '';
  });

  it('adds the entry and the screen chunks only after the first frame has been painted', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    runLoader('/assets/index-E1.js');
    expect(appScripts()).toEqual([]);
    expect(chunkLinks()).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!(0);
    // Still inside the frame, before its paint.
    expect(appScripts()).toEqual([]);
    vi.runAllTimers();
    expect(appScripts().map((script) => [script.getAttribute('src'), script.crossOrigin])).toEqual([['/assets/index-E1.js', '']]);
    expect(chunkLinks().map((link) => link.getAttribute('href'))).toEqual(['/assets/listings-L1.js']);
  });

  it('starts the app once the first contentful paint has been presented, where the browser reports paints', () => {
    let reportPaints: ((entries: { getEntriesByName: (name: string) => unknown[] }, observer: { disconnect: () => void }) => void) | undefined;
    const observed: unknown[] = [];
    let disconnected = false;
    class PaintObserver {
      static supportedEntryTypes = ['paint'];
      constructor(callback: typeof reportPaints) {
        reportPaints = callback;
      }
      observe(options: unknown) {
        observed.push(options);
      }
    }
    vi.stubGlobal('PerformanceObserver', PaintObserver);
    const paints = (...names: string[]) => ({ getEntriesByName: (name: string) => names.filter((entry) => entry === name) });
    const observer = {
      disconnect: () => {
        disconnected = true;
      },
    };
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    runLoader('/assets/index-E1.js');
    expect(observed).toEqual([{ type: 'paint', buffered: true }]);
    frames[0]!(0);
    vi.advanceTimersByTime(999);
    // The frame began, and a first paint with nothing contentful was presented: not yet.
    reportPaints!(paints('first-paint'), observer);
    vi.advanceTimersByTime(0);
    expect(appScripts()).toEqual([]);
    expect(disconnected).toBe(false);

    reportPaints!(paints('first-contentful-paint'), observer);
    expect(disconnected).toBe(true);
    vi.advanceTimersByTime(0);
    expect(appScripts().map((script) => script.getAttribute('src'))).toEqual(['/assets/index-E1.js']);
    // The first frame's fallback, due now, starts nothing again.
    vi.runAllTimers();
    expect(appScripts()).toHaveLength(1);
    expect(chunkLinks()).toHaveLength(1);
  });

  it('adds the entry first, then the screen chunks two per task', () => {
    document.head.innerHTML = `<template data-after-paint>${Array.from({ length: 5 }, (_, i) => `<link rel="modulepreload" crossorigin href="/assets/c${i}.js">`).join('')}</template>`;
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    runLoader('/assets/index-E1.js');
    frames[0]!(0);
    vi.advanceTimersToNextTimer();
    expect(appScripts()).toHaveLength(1);
    expect(document.head.lastElementChild?.getAttribute('href')).toBe('/assets/c1.js');
    expect(chunkLinks()).toHaveLength(2);
    vi.advanceTimersToNextTimer();
    expect(chunkLinks()).toHaveLength(4);
    vi.advanceTimersToNextTimer();
    expect(chunkLinks().map((link) => link.getAttribute('href'))).toEqual(Array.from({ length: 5 }, (_, i) => `/assets/c${i}.js`));
    expect(document.head.querySelector('script[type="module"] ~ link[href="/assets/c0.js"]')).not.toBeNull();
  });

  it('starts at once in a hidden tab, which runs no animation frames', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runLoader('/assets/index-E1.js');
    expect(frames).toEqual([]);
    expect(appScripts().map((script) => script.getAttribute('src'))).toEqual(['/assets/index-E1.js']);
    expect(chunkLinks()).toHaveLength(1);
  });

  it('does nothing without an entry to start', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    runLoader(null);
    vi.runAllTimers();
    frames.forEach((frame) => frame(0));
    expect(appScripts()).toEqual([]);
  });
});

describe('start-after-paint.js: a button pressed before the app has taken the page over', () => {
  const html = document.documentElement;
  /** MutationObserver callbacks run as microtasks. */
  const settle = () => new Promise<void>((done) => queueMicrotask(done));

  beforeEach(() => {
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 0);
    document.body.innerHTML =
      '<div id="root"><button type="button" id="filters">Filters</button><button type="button" id="menu"><svg id="icon"></svg></button>' +
      '<form><button type="submit" id="search">Search</button></form></div>';
  });

  afterEach(async () => {
    // Every loader run here stops listening once the app is said to have arrived.
    document.body.innerHTML = '';
    html.setAttribute('data-screen-ready', '');
    await settle();
    html.removeAttribute('data-screen-ready');
    vi.restoreAllMocks();
  });

  /** Counts the presses each button gets (the shopper's and the loader's). */
  function countPresses(): Record<string, number> {
    const presses: Record<string, number> = {};
    for (const button of document.querySelectorAll('button')) {
      presses[button.id] = 0;
      button.addEventListener('click', (event) => {
        event.preventDefault();
        presses[button.id]! += 1;
      });
    }
    return presses;
  }

  const appArrives = async () => {
    html.setAttribute('data-screen-ready', '');
    await settle();
  };

  /** The loader looks at a press once its dispatch is over (a task later). */
  const dispatchOver = () => new Promise<void>((done) => setTimeout(done, 0));

  it('is pressed again once the app has taken the page over, and only the last press counts', async () => {
    runLoader('/assets/index-E1.js');
    const presses = countPresses();
    document.getElementById('filters')!.click();
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(presses).toEqual({ filters: 1, menu: 1, search: 0 });
    await dispatchOver();
    expect(presses.menu).toBe(1);
    await appArrives();
    expect(presses).toEqual({ filters: 1, menu: 2, search: 0 });
  });

  it('leaves to the app the presses it answered (marked by its shell), and submit buttons to the browser', async () => {
    runLoader('/assets/index-E1.js');
    const presses = countPresses();
    document.getElementById('search')!.click();
    const filters = document.getElementById('filters')!;
    filters.addEventListener('click', (event) => Object.assign(event, { [ANSWERED_BY_APP]: true }));
    filters.click();
    await dispatchOver();
    await appArrives();
    expect(presses).toEqual({ filters: 1, menu: 0, search: 1 });
  });

  it('presses again a press React dropped while taking over a part whose code had not arrived (it stops the press at #root)', async () => {
    runLoader('/assets/index-E1.js');
    const root = document.getElementById('root')!;
    Object.assign(root, { __reactContainer$k3y: {} });
    root.addEventListener('click', (event) => event.stopPropagation(), { capture: true, once: true });
    const presses = countPresses();
    document.getElementById('filters')!.click();
    await dispatchOver();
    expect(presses.filters).toBe(0);
    await appArrives();
    expect(presses).toEqual({ filters: 1, menu: 0, search: 0 });
  });

  it('presses at once a press left unanswered just as the app arrived', async () => {
    runLoader('/assets/index-E1.js');
    const presses = countPresses();
    document.getElementById('filters')!.click();
    await appArrives();
    expect(presses.filters).toBe(1);
    await dispatchOver();
    expect(presses.filters).toBe(2);
  });

  it('does not press a button that is no longer on the page', async () => {
    runLoader('/assets/index-E1.js');
    const filters = document.getElementById('filters')!;
    const presses = countPresses();
    filters.click();
    await dispatchOver();
    filters.remove();
    await appArrives();
    expect(presses.filters).toBe(1);
  });
});
