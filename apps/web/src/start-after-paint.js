/**
 * A server-rendered page's loader of the app (docs/decisions/0053): the server names it instead of the
 * entry script (apps/server page-preloads.ts), with the entry's address in data-entry. A classic,
 * deferred script, not a module: it reads its own tag (document.currentScript) and is allowed by the
 * page's CSP (script-src 'self'), which forbids inline code.
 *
 * The entry and the screen's chunks are asked for only once the page's first contentful paint has been
 * presented (a second after the first frame in a browser without paint timing), so that the style
 * sheet, the fonts and the images have the connection and the CPU to themselves until then.
 * Until the app arrives and takes the page over, links and the search box work natively, and a button
 * pressed meanwhile is pressed again once the app has taken the page over (html[data-screen-ready]):
 * React takes the server's elements over as they are, so the button is the same element, now answering.
 * Only the last press counts, and only a press the app did not answer (it marks those it did): one
 * made before the app ran, or while React was taking over a part whose code had not arrived yet (a
 * lazy screen), which React drops.
 * A hidden tab paints nothing and runs no animation frames: it starts the app at once.
 *
 * Shipped as written, less this comment, whole-line comments and indentation (vite.config.ts): no
 * comment after code on a line.
 */
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  const root = document.getElementById('root');
  // The app marks a click it answered (src/lib/press-replay.ts, ANSWERED_BY_APP); looked at once the
  // click's dispatch is over.
  const ANSWERED_BY_APP = 'ssdAnsweredByApp';
  let pressed = null;
  let ready = false;
  const pressAgain = (button) => {
    if (button.isConnected) button.click();
  };
  const notice = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (!button || !root?.contains(button)) return;
    setTimeout(() => {
      if (event[ANSWERED_BY_APP]) return;
      if (ready) pressAgain(button);
      else pressed = button;
    }, 0);
  };
  document.addEventListener('click', notice, true);
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute('data-screen-ready')) return;
    observer.disconnect();
    document.removeEventListener('click', notice, true);
    ready = true;
    if (pressed) pressAgain(pressed);
  }).observe(document.documentElement, { attributeFilter: ['data-screen-ready'] });
  // Adding a preload link costs the page half a millisecond to two: a screen's twenty at once made one
  // long task (TBT, issue 12), and four with the entry still one of 40-50 ms at Lighthouse's 4×, so they
  // are added two per task.
  const LINKS_PER_TASK = 2;
  const addLinks = (links) => {
    document.head.append(...links.slice(0, LINKS_PER_TASK));
    if (links.length > LINKS_PER_TASK) setTimeout(() => addLinks(links.slice(LINKS_PER_TASK)), 0);
  };
  const start = () => {
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
    // The screen's chunks, which the server held back in a <template> (it fetches nothing), come after the entry.
    const chunks = document.querySelector('template[data-after-paint]');
    if (chunks instanceof HTMLTemplateElement) addLinks([...chunks.content.children]);
  };
  let started = false;
  const startOnce = () => {
    if (started) return;
    started = true;
    start();
  };
  if (document.visibilityState === 'hidden') startOnce();
  else {
    // Once the first contentful paint has been presented, not merely once its frame began: the frame's
    // raster can take tens of milliseconds, and a script asked for before the paint was presented counts,
    // in Lighthouse's simulation, as work the paint waited for (an order's details: LCP 1.4 s became 2.2 s).
    if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      new PerformanceObserver((entries, observer) => {
        if (!entries.getEntriesByName('first-contentful-paint').length) return;
        observer.disconnect();
        setTimeout(startOnce, 0);
      }).observe({ type: 'paint', buffered: true });
    }
    // Without paint timing, or with a paint that has nothing contentful, a little after the first frame.
    const FALLBACK_AFTER_FRAME_MS = 1000;
    requestAnimationFrame(() => setTimeout(startOnce, FALLBACK_AFTER_FRAME_MS));
  }
})();
