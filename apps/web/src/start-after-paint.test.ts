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
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
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

  it('in a browser that does not report paints, adds the entry and the screen chunks after 50 ms, not at once', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    // jsdom's PerformanceObserver (Node's) knows no 'paint' entries, as such a browser.
    expect(PerformanceObserver.supportedEntryTypes).not.toContain('paint');
    runLoader('/assets/index-E1.js');
    expect(appScripts()).toEqual([]);
    expect(chunkLinks()).toEqual([]);
    vi.advanceTimersByTime(49);
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(appScripts().map((script) => [script.getAttribute('src'), script.crossOrigin])).toEqual([['/assets/index-E1.js', '']]);
    expect(chunkLinks().map((link) => link.getAttribute('href'))).toEqual(['/assets/listings-L1.js']);
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

/** A browser that reports paints (Paint Timing): the loader's observer, told of paints by the test. */
class PaintObserverStub {
  static supportedEntryTypes = ['paint', 'largest-contentful-paint'];
  static instances: PaintObserverStub[] = [];
  observing: unknown = null;
  disconnected = false;
  constructor(private readonly callback: (list: { getEntriesByName: (name: string) => unknown[] }) => void) {
    PaintObserverStub.instances.push(this);
  }
  observe(options: unknown) {
    this.observing = options;
  }
  disconnect() {
    this.disconnected = true;
  }
  paint(name: string) {
    this.callback({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) });
  }
}

describe('start-after-paint.js in a browser that reports paints', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    PaintObserverStub.instances = [];
    vi.stubGlobal('PerformanceObserver', PaintObserverStub);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    document.head.innerHTML = '<template data-after-paint><link rel="modulepreload" crossorigin href="/assets/listings-L1.js" fetchpriority="low"></template>';
  });

  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    document.head.innerHTML = '';
  });

  it('waits for the first paint with content, not the first frame: a frame without text starts nothing', () => {
    runLoader('/assets/index-E1.js');
    const [observer] = PaintObserverStub.instances;
    expect(observer!.observing).toEqual({ type: 'paint', buffered: true });
    observer!.paint('first-paint');
    vi.advanceTimersByTime(10);
    expect(appScripts()).toEqual([]);

    observer!.paint('first-contentful-paint');
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(0);
    expect(appScripts().map((script) => script.getAttribute('src'))).toEqual(['/assets/index-E1.js']);
    expect(chunkLinks()).toHaveLength(1);
    expect(observer!.disconnected).toBe(true);
    // Started once, however the 3 s fallback comes later.
    vi.advanceTimersByTime(3000);
    expect(appScripts()).toHaveLength(1);
  });

  it('starts all the same when no content is painted in 3 s', () => {
    runLoader('/assets/index-E1.js');
    vi.advanceTimersByTime(2999);
    expect(appScripts()).toEqual([]);
    vi.advanceTimersByTime(1);
    vi.runOnlyPendingTimers();
    expect(appScripts().map((script) => script.getAttribute('src'))).toEqual(['/assets/index-E1.js']);
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
