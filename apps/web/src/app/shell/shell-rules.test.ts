import { describe, expect, it } from 'vitest';
import { isAuthPath, isFooterHidden, isNavbarHidden } from './shell-rules';

describe('shell rules', () => {
  it('treats /auth and everything under it as auth paths', () => {
    expect(isAuthPath('/auth/login')).toBe(true);
    expect(isAuthPath('/auth/password/reset')).toBe(true);
    expect(isAuthPath('/auth')).toBe(true);
    expect(isAuthPath('/authors')).toBe(false);
    expect(isAuthPath('/catalog/authentic-silk')).toBe(false);
    expect(isNavbarHidden('/auth/signup')).toBe(true);
    expect(isNavbarHidden('/')).toBe(false);
  });

  it('hides the footer on admin, search and auth paths and when flagged', () => {
    expect(isFooterHidden('/admin', false)).toBe(true);
    expect(isFooterHidden('/admin/products/all', false)).toBe(true);
    expect(isFooterHidden('/administration-fees', false)).toBe(false);
    expect(isFooterHidden('/search', false)).toBe(true);
    expect(isFooterHidden('/search/c2FyZWU', false)).toBe(true);
    expect(isFooterHidden('/auth/login', false)).toBe(true);
    expect(isFooterHidden('/cart', true)).toBe(true);
    expect(isFooterHidden('/cart', false)).toBe(false);
  });
});
