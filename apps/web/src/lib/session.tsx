import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { LoginData } from '@ssd/shared/auth';
import { apiRequest, setAuthTokensGetter } from './api-client';
import {
  clearAllStorage,
  clearStoredTokens,
  readStoredTokens,
  REFRESH_TOKEN_KEY,
  writeStoredTokens,
} from './storage';

/** The verification and list calls load only when there is a session to check or fill. */
function loadSessionCalls() {
  return import('./session-calls');
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
    void loadSessionCalls()
      .then(({ verifyStoredSession }) => verifyStoredSession())
      // Code that could not be loaded (offline) leaves the visitor logged out, tokens kept for later.
      .catch(() => null)
      .then((data) => {
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
    loadSessionCalls()
      .then(({ fetchCartAndWishlist }) => fetchCartAndWishlist(controller.signal))
      .then((lists) => {
        if (!lists || controller.signal.aborted) return;
        setSession((current) => (current.isLoggedIn ? { ...current, cart: lists.cart, wishlist: lists.wishlist } : current));
      })
      .catch(() => {
        // Aborted: the user logged out meanwhile (or the code could not be loaded).
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
