import { ACCESS_TOKEN_COOKIE, ACCESS_TOKEN_LIFETIME_SECONDS } from '@ssd/shared/constants';

/**
 * Where the session lives between page loads (spec 1 §3 "Storage"): the access token in the
 * user_token cookie (1 day), the refresh token and the auth provider in local storage. Every
 * access is wrapped: storage can be unavailable (private mode, blocked cookies) and the app must
 * still run, logged out.
 */

export const REFRESH_TOKEN_KEY = 'refresh_token';
export const AUTH_PROVIDER_KEY = 'auth_provider';

export function getCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const entry = part.trim();
    if (entry.startsWith(prefix)) {
      const value = entry.slice(prefix.length);
      try {
        return value ? decodeURIComponent(value) : null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

function secureFlag(): string {
  return typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
}

export function setCookie(name: string, value: string, maxAgeSeconds: number): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secureFlag()}`;
}

export function deleteCookie(name: string): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${encodeURIComponent(name)}=; Max-Age=0; Path=/; SameSite=Lax${secureFlag()}`;
}

type StorageKind = 'localStorage' | 'sessionStorage';

function store(kind: StorageKind): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind];
  } catch {
    return null;
  }
}

export function readStorage(kind: StorageKind, key: string): string | null {
  try {
    return store(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(kind: StorageKind, key: string, value: string): void {
  try {
    store(kind)?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the in-memory session still works for this page load.
  }
}

export function removeStorage(kind: StorageKind, key: string): void {
  try {
    store(kind)?.removeItem(key);
  } catch {
    // See writeStorage.
  }
}

export function clearStorage(kind: StorageKind): void {
  try {
    store(kind)?.clear();
  } catch {
    // See writeStorage.
  }
}

/** The tokens as stored now (the cookie and local storage are shared by every tab). */
export interface StoredTokens {
  accessToken: string | null;
  refreshToken: string | null;
  authProvider: string | null;
}

export function readStoredTokens(): StoredTokens {
  return {
    accessToken: getCookie(ACCESS_TOKEN_COOKIE),
    refreshToken: readStorage('localStorage', REFRESH_TOKEN_KEY),
    authProvider: readStorage('localStorage', AUTH_PROVIDER_KEY),
  };
}

export function writeStoredTokens(tokens: { accessToken: string; refreshToken: string; authProvider: string }): void {
  setCookie(ACCESS_TOKEN_COOKIE, tokens.accessToken, ACCESS_TOKEN_LIFETIME_SECONDS);
  writeStorage('localStorage', REFRESH_TOKEN_KEY, tokens.refreshToken);
  writeStorage('localStorage', AUTH_PROVIDER_KEY, tokens.authProvider);
}

/** Forgets the tokens only (a failed startup verification, an expired session). */
export function clearStoredTokens(): void {
  deleteCookie(ACCESS_TOKEN_COOKIE);
  removeStorage('localStorage', REFRESH_TOKEN_KEY);
  removeStorage('localStorage', AUTH_PROVIDER_KEY);
}

/** Logout (spec 1 §4): the cookie, all of local storage (search history included) and session storage. */
export function clearAllStorage(): void {
  deleteCookie(ACCESS_TOKEN_COOKIE);
  clearStorage('localStorage');
  clearStorage('sessionStorage');
}
