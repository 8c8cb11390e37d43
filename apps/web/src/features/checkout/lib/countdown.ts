/*
 * The checkout's countdowns (spec 3 §2, §4: 'Your reservation expires in {m}m {s}s', refreshed every
 * second). Deadlines are the server's timestamps; `skewMs` is how far this device's clock runs ahead
 * of the server's (measured once, when the reservation arrives), so a wrong clock on the shopper's
 * device neither shortens nor lengthens their hold.
 */

/** 545 → '9m 5s', 59 → '0m 59s', anything below 1 → '0m 0s'. */
export function formatCountdown(seconds: number): string {
  const safe = Math.max(0, Math.floor(seconds));
  return `${Math.floor(safe / 60)}m ${safe % 60}s`;
}

/** Milliseconds until `deadline` (an ISO timestamp of the server) at device time `nowMs`; never below 0. */
export function msUntil(deadline: string, nowMs: number, skewMs: number): number {
  const at = Date.parse(deadline);
  if (Number.isNaN(at)) return 0;
  return Math.max(0, at - (nowMs - skewMs));
}

/** Whole seconds left, rounded up, so '0m 0s' shows exactly when the deadline passes. */
export function secondsUntil(deadline: string, nowMs: number, skewMs: number): number {
  return Math.ceil(msUntil(deadline, nowMs, skewMs) / 1000);
}

/**
 * How far the device's clock is ahead of the server's, from a timestamp the server wrote at the
 * moment it answered (the reservation's created time) and the device's time on arrival. The
 * answer's travel time makes it a little larger, which leaves the shopper a moment more, never less.
 */
export function clockSkew(serverNow: string, receivedAtMs: number): number {
  const at = Date.parse(serverNow);
  return Number.isNaN(at) ? 0 : receivedAtMs - at;
}
