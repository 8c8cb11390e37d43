/**
 * A server-rendered page's loader of the app (docs/decisions/0053): the server names it instead of the
 * entry script (apps/server page-preloads.ts), with the entry's address in data-entry. A classic,
 * deferred script, not a module: it reads its own tag (document.currentScript) and is allowed by the
 * page's CSP (script-src 'self'), which forbids inline code.
 *
 * The entry and the screen's chunks are asked for only once the page has painted (the frame after the
 * first animation frame), so that the style sheet, the fonts and the images have the connection to
 * themselves until then.
 * Until the app arrives and takes the page over, links and the search box work natively, and a button
 * pressed meanwhile is pressed again once the app has taken the page over (html[data-screen-ready]):
 * React takes the server's elements over as they are, so the button is the same element, now answering.
 * Only the last press counts, and only presses made before React owned the page (its container key on
 * #root, set as the app starts hydrating): later ones React replays itself.
 * A hidden tab paints nothing and runs no animation frames: it starts the app at once.
 *
 * Shipped as written, less this comment, whole-line comments and indentation (vite.config.ts): no
 * comment after code on a line.
 */
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  const root = document.getElementById('root');
  let pressed = null;
  const remember = (event) => {
    const button = event.target instanceof Element ? event.target.closest('button[type="button"]') : null;
    if (button && root?.contains(button) && !Object.keys(root).some((key) => key.startsWith('__reactContainer'))) pressed = button;
  };
  document.addEventListener('click', remember, true);
  new MutationObserver((_, observer) => {
    if (!document.documentElement.hasAttribute('data-screen-ready')) return;
    observer.disconnect();
    document.removeEventListener('click', remember, true);
    if (pressed?.isConnected) pressed.click();
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
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
