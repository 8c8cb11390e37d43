import { useEffect, useEffectEvent, useState } from 'react';
import { msUntil, secondsUntil } from '../lib/countdown';

/** Countdowns refresh every second (spec 3 §4, §9). */
export const COUNTDOWN_TICK_MS = 1000;

/**
 * Seconds left until `deadline` (the server's timestamp, read with the device's clock `skewMs` ahead),
 * refreshed every second while `running`. Paused, it stands still and never elapses (spec 3 §4: timers
 * pause once payment has been started). When the deadline passes while running, `onElapsed` is
 * called once and the countdown stops at 0.
 */
export function useCountdown(deadline: string, skewMs: number, running: boolean, onElapsed: () => void): number {
  const [now, setNow] = useState(() => Date.now());
  const elapsed = useEffectEvent(onElapsed);

  useEffect(() => {
    if (!running) return;
    let active = true;
    const tick = () => {
      if (!active) return;
      const at = Date.now();
      setNow(at);
      if (msUntil(deadline, at, skewMs) > 0) return;
      active = false;
      clearInterval(timer);
      elapsed();
    };
    const timer = setInterval(tick, COUNTDOWN_TICK_MS);
    // A deadline already past (a checkout restored after a reload, a pause that outlasted it) ends at once.
    if (msUntil(deadline, Date.now(), skewMs) <= 0) queueMicrotask(tick);
    return () => {
      active = false;
      clearInterval(timer);
    };
  }, [deadline, skewMs, running]);

  return secondsUntil(deadline, now, skewMs);
}
