import { useEffect, useRef } from 'react';
import { INFINITE_SCROLL_MARGIN_PX } from '@ssd/shared/constants';

/**
 * Calls `onVisible` when the end marker comes within 25 px of the viewport (spec 2 §4). Returns
 * the ref for the marker. `resetKey` (the page count) observes afresh after each page, so a
 * marker still in view loads the next page too.
 */
export function useEndMarker(onVisible: () => void, enabled: boolean, resetKey: unknown = null) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, resetKey]);
  return ref;
}
