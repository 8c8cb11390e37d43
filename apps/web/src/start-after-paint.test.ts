import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

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

  it('is pressed again once the app has taken the page over, and only the last press counts', async () => {
    runLoader('/assets/index-E1.js');
    const presses = countPresses();
    document.getElementById('filters')!.click();
    document.getElementById('icon')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(presses).toEqual({ filters: 1, menu: 1, search: 0 });
    await settle();
    expect(presses.menu).toBe(1);
    await appArrives();
    expect(presses).toEqual({ filters: 1, menu: 2, search: 0 });
  });

  it('leaves to React the presses made once the app owns #root, and submit buttons to the browser', async () => {
    runLoader('/assets/index-E1.js');
    const presses = countPresses();
    document.getElementById('search')!.click();
    Object.assign(document.getElementById('root')!, { __reactContainer$k3y: {} });
    document.getElementById('filters')!.click();
    await appArrives();
    expect(presses).toEqual({ filters: 1, menu: 0, search: 1 });
  });

  it('does not press a button that is no longer on the page', async () => {
    runLoader('/assets/index-E1.js');
    const filters = document.getElementById('filters')!;
    const presses = countPresses();
    filters.click();
    filters.remove();
    await appArrives();
    expect(presses.filters).toBe(1);
  });
});
