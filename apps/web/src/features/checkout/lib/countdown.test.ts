import { describe, expect, it } from 'vitest';
import { clockSkew, formatCountdown, msUntil, secondsUntil } from './countdown';

describe('checkout countdowns', () => {
  it.each([
    [600, '10m 0s'],
    [545, '9m 5s'],
    [59, '0m 59s'],
    [1, '0m 1s'],
    [0, '0m 0s'],
    [-5, '0m 0s'],
    [59.9, '0m 59s'],
  ])('formats %s seconds as %s', (seconds, text) => {
    expect(formatCountdown(seconds)).toBe(text);
  });

  it('counts whole seconds up, so 0s shows exactly when the deadline passes', () => {
    const deadline = '2026-01-01T10:10:00.000Z';
    const at = Date.parse('2026-01-01T10:00:00.000Z');
    expect(secondsUntil(deadline, at, 0)).toBe(600);
    expect(secondsUntil(deadline, at + 400, 0)).toBe(600);
    expect(secondsUntil(deadline, at + 1000, 0)).toBe(599);
    expect(secondsUntil(deadline, at + 599_999, 0)).toBe(1);
    expect(secondsUntil(deadline, at + 600_000, 0)).toBe(0);
    expect(msUntil(deadline, at + 700_000, 0)).toBe(0);
    expect(msUntil('not a date', at, 0)).toBe(0);
  });

  it("reads the server's deadline on the server's clock: a device running 5 minutes fast still sees 10 minutes", () => {
    const serverNow = '2026-01-01T10:00:00.000Z';
    const deviceNow = Date.parse(serverNow) + 5 * 60_000;
    const skew = clockSkew(serverNow, deviceNow);
    expect(skew).toBe(5 * 60_000);
    expect(secondsUntil('2026-01-01T10:10:00.000Z', deviceNow, skew)).toBe(600);
    expect(formatCountdown(secondsUntil('2026-01-01T10:10:00.000Z', deviceNow + 5_000, skew))).toBe('9m 55s');
    expect(clockSkew('garbage', deviceNow)).toBe(0);
  });
});
