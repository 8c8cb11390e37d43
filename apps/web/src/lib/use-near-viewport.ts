import { useEffect, useState, type RefObject } from 'react';

/** How far outside the viewport an element counts as near, so its code is ready when scrolled to. */
const NEAR_VIEWPORT_MARGIN_PX = 200;

/**
 * True once the element comes within NEAR_VIEWPORT_MARGIN_PX of the viewport, and from then on
 * (at once without IntersectionObserver). Parts below the fold (home's rows, Popular Tags, the
 * footer's icons) load their code and data only then, which keeps them off the first load.
 * `watch` false postpones looking, e.g. while the page above the element is still loading and
 * the element is not yet where it will be.
 */
export function useNearViewport(ref: RefObject<Element | null>, watch = true): boolean {
  // A server-rendered page (src/entry-server.tsx) starts as a browser with IntersectionObserver does,
  // with the part not near yet, so that the browser takes over the same markup.
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || !watch || !node) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: `${NEAR_VIEWPORT_MARGIN_PX}px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [near, watch, ref]);
  return near;
}
