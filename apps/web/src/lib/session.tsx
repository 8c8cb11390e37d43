import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginData } from '@ssd/shared/auth';
import { ResponseCode } from '@ssd/shared/api';
import { apiRequest, isNetworkFailure, setAuthTokensGetter } from './api-client';
import {
  clearAllStorage,
  clearStoredTokens,
  readStoredTokens,
  REFRESH_TOKEN_KEY,
  writeStoredTokens,
} from './storage';

/**
 * The zod contracts load with the first answer that needs checking: a visitor who is not signed in
 * never downloads zod, which keeps the storefront's first load small.
 */
function loadAuthContracts() {
  return import('@ssd/shared/auth');
}

/**
 * The session (spec 1 §3 "User session", §4 "Authentication"). The shell and every screen read
 * only this. It is filled by login, third-party login and the startup token verification, and
 * emptied by logout.
 *
 * It lives in src/lib rather than in a feature so that every feature can read it without
 * importing sideways from another feature (bulletproof-react keeps auth in src/lib the same way).
 */
export interface Session {
  isLoggedIn: boolean;
  userName: string | null;
  userEmail: string | null;
  /** The access token (also in the user_token cookie). */
  userToken: string | null;
  userRole: string | null;
  refreshToken: string | null;
  /** 'local' or 'google'. */
  authProvider: string | null;
  /** Product ids in the cart; null until fetched. */
  cart: number[] | null;
  /** Product ids in the wishlist; null until fetched. */
  wishlist: number[] | null;
}

/** What tests (and nothing else) may start the provider from; missing fields are logged out. */
export type SessionSeed = Partial<Session>;

export const LOGGED_OUT: Session = {
  isLoggedIn: false,
  userName: null,
  userEmail: null,
  userToken: null,
  userRole: null,
  refreshToken: null,
  authProvider: null,
  cart: null,
  wishlist: null,
};

export const ADMIN_ROLE = 'ssd_admin';

export const VERIFY_TOKEN_PATH = '/api/auth/verify/token';
export const CART_WISHLIST_PATH = '/api/list/cart_wishlist';
export const LOGOUT_PATH = '/api/auth/logout';

export interface SessionValue extends Session {
  /** True while the startup token verification runs; guards wait instead of redirecting. */
  verifying: boolean;
  /** True after the user logged out on this page (guards then send them home, not to login). */
  signedOut: boolean;
  /** Logs in with a login answer (login, Google sign-in): stores the tokens, fills the session. */
  login: (data: LoginData) => void;
  /**
   * Signs out on this device: tells the server (best effort, not awaited), then clears the cookie,
   * local storage (search history included), session storage, cart and wishlist.
   * The toast and the way home are useLogout's (src/lib/use-logout.ts).
   */
  logout: () => void;
  /** The server said the session is over (code -2): forget the tokens without calling it. */
  expire: () => void;
  /** After the profile's name changed, so the greeting follows. */
  setUserName: (name: string) => void;
  setCart: (ids: number[] | null) => void;
  setWishlist: (ids: number[] | null) => void;
  /** Changes the cart id list from its latest value (optimistic updates and their rollback). */
  updateCart: (update: (ids: number[] | null) => number[] | null) => void;
  /** Changes the wishlist id list from its latest value (optimistic updates and their rollback). */
  updateWishlist: (update: (ids: number[] | null) => number[] | null) => void;
}

function sessionFrom(data: LoginData): Session {
  return {
    isLoggedIn: true,
    userName: data.name,
    userEmail: data.email,
    userToken: data.access_token,
    userRole: data.role,
    refreshToken: data.refresh_token,
    authProvider: data.auth_provider,
    cart: null,
    wishlist: null,
  };
}

// ---------------------------------------------------------------------------------------------
// Startup verification (spec 1 §4)
// ---------------------------------------------------------------------------------------------

const VERIFY_LOCK = 'ssd-auth-verify';
let inflight: Promise<LoginData | null> | null = null;

/** Runs `work` while holding a lock shared by every tab of the store, where the browser has one. */
async function exclusive<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    return (await locks.request(VERIFY_LOCK, () => work())) as T;
  }
  return work();
}

async function verifyOnce(retried: boolean): Promise<LoginData | null> {
  // Read the tokens inside the lock: a tab that verified just before us has rotated them.
  const sent = readStoredTokens();
  if (!sent.accessToken) return null;
  if (!sent.refreshToken) {
    clearStoredTokens();
    return null;
  }
  const response = await apiRequest<unknown>(
    'POST',
    VERIFY_TOKEN_PATH,
    { refreshToken: sent.refreshToken },
    { tokens: { accessToken: sent.accessToken, refreshToken: sent.refreshToken }, ignoreLoginNeeded: true },
  );
  if (response.code === ResponseCode.SUCCESS) {
    // The data is the login answer; tokens the server leaves out stay as they were.
    const fallback = {
      access_token: sent.accessToken,
      refresh_token: sent.refreshToken,
      auth_provider: sent.authProvider ?? 'local',
    };
    const data = typeof response.data === 'object' && response.data !== null ? response.data : {};
    const { loginDataSchema } = await loadAuthContracts();
    const parsed = loginDataSchema.safeParse({ ...fallback, ...data });
    if (!parsed.success) return null;
    writeStoredTokens({
      accessToken: parsed.data.access_token,
      refreshToken: parsed.data.refresh_token,
      authProvider: parsed.data.auth_provider,
    });
    return parsed.data;
  }
  // Another tab (without the lock API) rotated the refresh token while ours was on the way:
  // ours is stale, theirs is fresh. Try once more with theirs rather than logging out.
  const now = readStoredTokens();
  if (!retried && now.accessToken && now.refreshToken && now.refreshToken !== sent.refreshToken) {
    return verifyOnce(true);
  }
  // Silent failure (spec 1 §8). Being offline is no reason to forget a session.
  if (!isNetworkFailure(response) && now.refreshToken === sent.refreshToken) clearStoredTokens();
  return null;
}

/**
 * Verifies the stored tokens once: callers during the same page load share one call (StrictMode's
 * double effects, several providers), and tabs take turns through a Web Lock.
 */
export function verifyStoredSession(): Promise<LoginData | null> {
  inflight ??= exclusive(() => verifyOnce(false)).finally(() => {
    inflight = null;
  });
  return inflight;
}

// ---------------------------------------------------------------------------------------------

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({
  children,
  initialSession,
}: {
  children: ReactNode;
  /** Lets tests start from a given session; without it, the stored tokens are verified. */
  initialSession?: SessionSeed;
}) {
  const [session, setSession] = useState<Session>(() => (initialSession ? { ...LOGGED_OUT, ...initialSession } : LOGGED_OUT));
  const [verifying, setVerifying] = useState(() => !initialSession && readStoredTokens().accessToken !== null);
  const [signedOut, setSignedOut] = useState(false);
  const sessionRef = useRef(session);

  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  // Protected calls carry the tokens (spec 1 §6). Storage is read first: it is shared by every
  // tab, so a token another tab rotated is used here too.
  useEffect(() => {
    setAuthTokensGetter(() => {
      const current = sessionRef.current;
      if (!current.isLoggedIn) return { accessToken: null, refreshToken: null };
      const stored = readStoredTokens();
      return {
        accessToken: stored.accessToken ?? current.userToken,
        refreshToken: stored.refreshToken ?? current.refreshToken,
      };
    });
    return () => setAuthTokensGetter(() => ({ accessToken: null, refreshToken: null }));
  }, []);

  useEffect(() => {
    if (!verifying) return;
    let active = true;
    void verifyStoredSession().then((data) => {
      if (!active) return;
      if (data) setSession(sessionFrom(data));
      setVerifying(false);
    });
    return () => {
      active = false;
    };
  }, [verifying]);

  // Once logged in, the cart and wishlist ids are fetched (spec 1 §4).
  const needsLists = session.isLoggedIn && session.cart === null && session.wishlist === null;
  useEffect(() => {
    if (!needsLists) return;
    const controller = new AbortController();
    apiRequest<unknown>('GET', CART_WISHLIST_PATH, undefined, { signal: controller.signal })
      .then(async (response) => {
        if (response.code !== ResponseCode.SUCCESS) return;
        const { cartWishlistSchema } = await loadAuthContracts();
        const parsed = cartWishlistSchema.safeParse(response.data);
        if (!parsed.success) return;
        setSession((current) =>
          current.isLoggedIn ? { ...current, cart: parsed.data.cart, wishlist: parsed.data.wishlist } : current,
        );
      })
      .catch(() => {
        // Aborted: the user logged out meanwhile.
      });
    return () => controller.abort();
  }, [needsLists]);

  // Another tab rotated the tokens or logged out.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== REFRESH_TOKEN_KEY) return;
      const stored = readStoredTokens();
      setSession((current) => {
        if (!current.isLoggedIn) return current;
        if (!stored.refreshToken) return LOGGED_OUT;
        return { ...current, refreshToken: stored.refreshToken, userToken: stored.accessToken ?? current.userToken };
      });
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const login = useCallback((data: LoginData) => {
    writeStoredTokens({ accessToken: data.access_token, refreshToken: data.refresh_token, authProvider: data.auth_provider });
    setSignedOut(false);
    setSession(sessionFrom(data));
  }, []);

  const logout = useCallback(() => {
    const stored = readStoredTokens();
    const accessToken = stored.accessToken ?? sessionRef.current.userToken;
    const refreshToken = stored.refreshToken ?? sessionRef.current.refreshToken;
    if (refreshToken || accessToken) {
      // Best effort: the device forgets the session whatever the server answers.
      void apiRequest('POST', LOGOUT_PATH, refreshToken ? { refreshToken } : {}, {
        tokens: { accessToken, refreshToken },
        ignoreLoginNeeded: true,
      });
    }
    clearAllStorage();
    setSignedOut(true);
    setSession(LOGGED_OUT);
  }, []);

  const expire = useCallback(() => {
    clearStoredTokens();
    setSession(LOGGED_OUT);
  }, []);

  const setUserName = useCallback((name: string) => {
    setSession((current) => (current.isLoggedIn ? { ...current, userName: name } : current));
  }, []);
  const setCart = useCallback((cart: number[] | null) => setSession((current) => ({ ...current, cart })), []);
  const setWishlist = useCallback(
    (wishlist: number[] | null) => setSession((current) => ({ ...current, wishlist })),
    [],
  );

  const updateCart = useCallback(
    (update: (ids: number[] | null) => number[] | null) =>
      setSession((current) => (current.isLoggedIn ? { ...current, cart: update(current.cart) } : current)),
    [],
  );
  const updateWishlist = useCallback(
    (update: (ids: number[] | null) => number[] | null) =>
      setSession((current) => (current.isLoggedIn ? { ...current, wishlist: update(current.wishlist) } : current)),
    [],
  );

  const value = useMemo<SessionValue>(
    () => ({
      ...session,
      verifying,
      signedOut,
      login,
      logout,
      expire,
      setUserName,
      setCart,
      setWishlist,
      updateCart,
      updateWishlist,
    }),
    [session, verifying, signedOut, login, logout, expire, setUserName, setCart, setWishlist, updateCart, updateWishlist],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
