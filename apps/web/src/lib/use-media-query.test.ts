import { describe, expect, it } from 'vitest';
import { MOBILE_MENU_BREAKPOINT_PX, SUPPORT_DIALOG_FULLSCREEN_MAX_PX } from '@ssd/shared/constants';
import { assumedMatch } from './use-media-query';

/** What a server-rendered page assumes of the screen it cannot measure (docs/decisions/0051). */
describe('assumedMatch', () => {
  it('a phone (390 px) is under every breakpoint the screens ask about', () => {
    expect(assumedMatch(`(min-width: ${MOBILE_MENU_BREAKPOINT_PX}px)`, 'phone')).toBe(false);
    expect(assumedMatch(`(max-width: ${MOBILE_MENU_BREAKPOINT_PX - 1}px)`, 'phone')).toBe(true);
    expect(assumedMatch(`(max-width: ${SUPPORT_DIALOG_FULLSCREEN_MAX_PX}px)`, 'phone')).toBe(true);
    expect(assumedMatch('not all and (min-width: 768px)', 'phone')).toBe(true);
  });

  it('a desktop (1280 px) is over them', () => {
    expect(assumedMatch(`(min-width: ${MOBILE_MENU_BREAKPOINT_PX}px)`, 'desktop')).toBe(true);
    expect(assumedMatch(`(max-width: ${MOBILE_MENU_BREAKPOINT_PX - 1}px)`, 'desktop')).toBe(false);
    expect(assumedMatch('not all and (min-width: 768px)', 'desktop')).toBe(false);
    expect(assumedMatch('(min-width: 1280px)', 'desktop')).toBe(true);
    expect(assumedMatch('(min-width: 1281px)', 'desktop')).toBe(false);
  });

  it('anything else is assumed not to hold (reduced motion, orientation…)', () => {
    expect(assumedMatch('(prefers-reduced-motion: reduce)', 'phone')).toBe(false);
    expect(assumedMatch('(prefers-reduced-motion: reduce)', 'desktop')).toBe(false);
    expect(assumedMatch('(orientation: portrait)', 'phone')).toBe(false);
  });
});
