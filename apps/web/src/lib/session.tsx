import { createContext, startTransition, useCallback, useContext, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { LoginData, RenderedSession } from '@ssd/shared/auth';
import { apiRequest, setAuthTokensGetter } from './api-client';
import { USER_QUERY_ROOTS } from './api/session-keys';
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

function loadCartAndWishlistIds() {
  return import('./api/get-cart-wishlist-ids');
}

/**
 * The session (spec 1 §3 "User session", §4 "Authentication"). The shell and every screen read
 * only this. It is filled by login, third-party login and the startup token verification, and
 * emptied by logout.
 *
 * The cart and wishlist ids are server state: they live in the query cache
 * (src/lib/api/get-cart-wishlist-ids.ts), which the provider fills after login and empties of
 * everything the user's (src/lib/api/session-keys.ts) when the session ends.
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
   * local storage (search history included), session storage, and the user's cached reads.
   * The toast and the way home are useLogout's (src/lib/use-logout.ts).
   */
  logout: () => void;
  /** The server said the session is over (code -2): forget the tokens without calling it. */
  expire: () => void;
  /** After the profile's name changed, so the greeting follows. */
  setUserName: (name: string) => void;
  /**
   * Whether a shopper is logged in, once that is known: at once, unless the startup verification of
   * stored tokens is still running on a page drawn logged out; then once it has answered and its tokens
   * are the ones calls carry. A press that needs a shopper (cart, wishlist, Buy Now) asks this rather
   * than reading isLoggedIn, so a signed-in shopper who presses during the verification is neither
   * sent to login nor ignored.
   */
  loggedInOnceKnown: () => Promise<boolean>;
}

/** A login answer's session, or (without tokens: they stay in the cookie and storage) a server-rendered page's. */
function sessionFrom(data: RenderedSession & Partial<LoginData>): Session {
  return {
    isLoggedIn: true,
    userName: data.name,
    userEmail: data.email,
    userToken: data.access_token ?? null,
    userRole: data.role,
    refreshToken: data.refresh_token ?? null,
    authProvider: data.auth_provider,
  };
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({
  children,
  initialSession,
  serverSession,
}: {
  children: ReactNode;
  /** Lets tests start from a given session; without it, the stored tokens are verified. */
  initialSession?: SessionSeed;
  /**
   * The shopper a server-rendered page was drawn for (docs/decisions/0055): the session starts logged
   * in as them, and the stored tokens are still verified (spec 1 §4), on the server's page as anywhere.
   */
  serverSession?: RenderedSession;
}) {
  const [session, setSession] = useState<Session>(() =>
    initialSession ? { ...LOGGED_OUT, ...initialSession } : serverSession ? sessionFrom(serverSession) : LOGGED_OUT,
  );
  const [verifying, setVerifying] = useState(() => !initialSession && !!(serverSession || readStoredTokens().accessToken));
  const [signedOut, setSignedOut] = useState(false);
  const sessionRef = useRef(session);
  const verifyingRef = useRef(verifying);
  const queryClient = useQueryClient();

  // In the commit itself, before any passive effect: a child's effects run before this provider's, and a
  // query that the new session enables (the navbar badge, an admin screen) starts in its own effect and
  // reads the tokens through this ref; a passive effect here let it go out without them (CI, once).
  useLayoutEffect(() => {
    sessionRef.current = session;
    verifyingRef.current = verifying;
  }, [session, verifying]);

  // The presses held during the verification (loggedInOnceKnown) go on after the commit that ended it,
  // once the verified session is where the calls' tokens are read (above).
  const heldPresses = useRef<Array<(loggedIn: boolean) => void>>([]);
  useEffect(() => {
    if (verifying) return;
    for (const resume of heldPresses.current.splice(0)) resume(session.isLoggedIn);
  }, [verifying, session.isLoggedIn]);
  const loggedInOnceKnown = useCallback((): Promise<boolean> => {
    if (sessionRef.current.isLoggedIn || !verifyingRef.current) return Promise.resolve(sessionRef.current.isLoggedIn);
    return new Promise((resume) => heldPresses.current.push(resume));
  }, []);

  // Protected calls carry the tokens (spec 1 §6). Storage is read first: it is shared by every
  // tab, so a token another tab rotated is used here too. Registered in the first commit, before the
  // children's effects start their reads (see sessionRef above).
  useLayoutEffect(() => {
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
        // As a transition: on a page the server rendered, a screen whose code has not arrived yet is still
        // the server's HTML, which an urgent update would throw away for the loading spinner and draw anew
        // (a flash, and a long task: issue 12); a transition waits for the screen instead.
        startTransition(() => {
          // A failed one ends a session without tokens of its own: a server-rendered page's (a login since has them).
          setSession((current) => (data ? sessionFrom(data) : current.userToken ? current : LOGGED_OUT));
          setVerifying(false);
        });
      });
    return () => {
      active = false;
    };
  }, [verifying]);

  // Once logged in, the cart and wishlist ids are fetched (spec 1 §4); once the session ends, by
  // logout, expiry or another tab, nothing of the user's stays in the query cache. (Answers still on
  // their way then find their query gone and leave the cache alone: src/lib/api/.)
  const { isLoggedIn } = session;
  useEffect(() => {
    if (!isLoggedIn) {
      for (const queryKey of USER_QUERY_ROOTS) queryClient.removeQueries({ queryKey });
      return;
    }
    loadCartAndWishlistIds().then(
      ({ prefetchCartAndWishlist }) => prefetchCartAndWishlist(queryClient),
      () => {
        // Offline: the first heart or cart button asks again.
      },
    );
  }, [isLoggedIn, queryClient]);

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
      apiRequest('POST', LOGOUT_PATH, refreshToken ? { refreshToken } : {}, {
        tokens: { accessToken, refreshToken },
        ignoreLoginNeeded: true,
      }).catch(() => {});
    }
    clearAllStorage();
    setSignedOut(true);
    // A verification still on its way (a page rendered signed in shows its Logout during it) is not heard.
    setVerifying(false);
    setSession(LOGGED_OUT);
  }, []);

  const expire = useCallback(() => {
    clearStoredTokens();
    setSession(LOGGED_OUT);
  }, []);

  const setUserName = useCallback((name: string) => {
    setSession((current) => (current.isLoggedIn ? { ...current, userName: name } : current));
  }, []);

  const value = useMemo<SessionValue>(
    () => ({ ...session, verifying, signedOut, login, logout, expire, setUserName, loggedInOnceKnown }),
    [session, verifying, signedOut, login, logout, expire, setUserName, loggedInOnceKnown],
  );
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
