/**
 * A window.matchMedia for jsdom (which has none) that evaluates min-width/max-width queries
 * against a width the test sets, and fires 'change' on the lists whose answer changes.
 */
type Listener = (event: MediaQueryListEvent) => void;

interface Entry {
  query: string;
  listeners: Set<Listener>;
  matches: boolean;
}

const DEFAULT_WIDTH = 1024;
let viewportWidth = DEFAULT_WIDTH;
const entries = new Set<Entry>();

function evaluate(query: string, width: number): boolean {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  if (!min && !max) return false;
  if (min && width < Number(min[1])) return false;
  if (max && width > Number(max[1])) return false;
  return true;
}

export const matchMediaController = {
  /** Sets the viewport width the media queries are evaluated against, and fires 'change'. */
  setWidth(width: number): void {
    viewportWidth = width;
    for (const entry of entries) {
      const matches = evaluate(entry.query, width);
      if (matches === entry.matches) continue;
      entry.matches = matches;
      for (const listener of [...entry.listeners]) {
        listener({ matches, media: entry.query } as MediaQueryListEvent);
      }
    }
  },
  reset(): void {
    viewportWidth = DEFAULT_WIDTH;
    entries.clear();
  },
};

export function matchMedia(query: string): MediaQueryList {
  const entry: Entry = { query, listeners: new Set(), matches: evaluate(query, viewportWidth) };
  entries.add(entry);
  return {
    get matches() {
      return entry.matches;
    },
    media: query,
    onchange: null,
    addEventListener: (_type: string, listener: Listener) => entry.listeners.add(listener),
    removeEventListener: (_type: string, listener: Listener) => entry.listeners.delete(listener),
    addListener: (listener: Listener) => entry.listeners.add(listener),
    removeListener: (listener: Listener) => entry.listeners.delete(listener),
    dispatchEvent: () => true,
  } as unknown as MediaQueryList;
}
