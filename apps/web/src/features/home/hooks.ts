import { useEffect, useState, type FocusEvent, type RefObject } from 'react';
import { ROW_AUTOSCROLL_MS } from '@ssd/shared/constants';
import { useMediaQuery } from '../../lib/use-media-query';

/** Hover and keyboard focus inside an element pause its motion (spec 2: autoplay paused on hover or interaction). */
export function usePauseOnInteraction() {
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const handlers = {
    onMouseEnter: () => setHovered(true),
    onMouseLeave: () => setHovered(false),
    onFocus: () => setFocused(true),
    onBlur: (event: FocusEvent<HTMLElement>) => {
      if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
    },
  };
  return { paused: hovered || focused, handlers };
}

/** Moves to the next of `count` slides every `delayMs` unless paused; a manual move restarts the wait. */
export function useAutoplay(count: number, delayMs: number, paused: boolean) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = setTimeout(() => setIndex((current) => (current + 1) % count), delayMs);
    return () => clearTimeout(timer);
  }, [paused, count, delayMs, index]);
  const safeIndex = count === 0 ? 0 : index % count;
  return [safeIndex, setIndex] as const;
}

/**
 * A horizontal row that scrolls on by one tile every 3.5 s (spec 2 §9) and starts over at the end,
 * unless paused.
 */
export function useAutoScrollRow(ref: RefObject<HTMLElement | null>, paused: boolean, enabled = true) {
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  useEffect(() => {
    if (paused || !enabled || reducedMotion) return;
    const run = () => {
      const row = ref.current;
      if (!row || typeof row.scrollBy !== 'function') return;
      const tile = row.firstElementChild as HTMLElement | null;
      const step = tile ? tile.offsetWidth + 16 : row.clientWidth;
      if (row.scrollLeft + row.clientWidth >= row.scrollWidth - 4) row.scrollTo({ left: 0, behavior: 'smooth' });
      else row.scrollBy({ left: step, behavior: 'smooth' });
    };
    const timer = setInterval(run, ROW_AUTOSCROLL_MS);
    return () => clearInterval(timer);
  }, [paused, enabled, reducedMotion, ref]);
}
