/**
 * A server-rendered page's loader of the app (docs/decisions/0053): the server names it instead of the
 * entry script (apps/server page-preloads.ts), with the entry's address in data-entry. A classic,
 * deferred script, not a module: it reads its own tag (document.currentScript) and is allowed by the
 * page's CSP (script-src 'self'), which forbids inline code.
 *
 * The entry and the screen's chunks are asked for only once the page has painted (the frame after the
 * first animation frame), so that the style sheet, the fonts and the images have the connection to
 * themselves until then.
 * Until the app arrives and takes the page over, links and the search box work natively.
 * A hidden tab paints nothing and runs no animation frames: it starts the app at once.
 *
 * Shipped as written, less this comment, whole-line comments and indentation (vite.config.ts): no
 * comment after code on a line.
 */
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  const start = () => {
    // The screen's chunks, which the server held back in a <template> (it fetches nothing), come with the entry.
    const chunks = document.querySelector('template[data-after-paint]');
    if (chunks instanceof HTMLTemplateElement) document.head.append(chunks.content);
    const app = document.createElement('script');
    app.type = 'module';
    app.crossOrigin = '';
    app.src = entry;
    document.head.appendChild(app);
  };
  if (document.visibilityState === 'hidden') start();
  else requestAnimationFrame(() => setTimeout(start, 0));
})();
