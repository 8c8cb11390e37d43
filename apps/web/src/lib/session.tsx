import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/**
 * The session seam (spec 1 §3 "User session"). The shell reads only this. Today every visitor
 * is logged out; the accounts issue fills it (login, startup token verification, cart and
 * wishlist fetch) without the shell changing.
 *
 * It lives in src/lib rather than in a feature so that every feature can read it without
 * importing sideways from another feature (bulletproof-react keeps auth in src/lib the same way).
 */
export interface Session {
  isLoggedIn: boolean;
  userName: string | null;
  userRole: string | null;
  /** Product ids in the cart; null until fetched. */
  cart: number[] | null;
  /** Product ids in the wishlist; null until fetched. */
  wishlist: number[] | null;
}

export const LOGGED_OUT: Session = {
  isLoggedIn: false,
  userName: null,
  userRole: null,
  cart: null,
  wishlist: null,
};

export const ADMIN_ROLE = 'ssd_admin';

export interface SessionValue extends Session {
  /** Signs out on this device: forgets the session and clears local and session storage. */
  logout: () => void;
}

const SessionContext = createContext<SessionValue | null>(null);

export function SessionProvider({
  children,
  initialSession = LOGGED_OUT,
}: {
  children: ReactNode;
  /** Lets tests (and later the accounts issue) start from a given session. */
  initialSession?: Session;
}) {
  const [session, setSession] = useState<Session>(initialSession);

  const logout = useCallback(() => {
    // spec 1 §4: logout clears local and session storage, cart and wishlist, search history.
    try {
      window.localStorage.clear();
      window.sessionStorage.clear();
    } catch {
      // Storage may be unavailable (private mode); the in-memory session is still cleared.
    }
    setSession(LOGGED_OUT);
  }, []);

  const value = useMemo<SessionValue>(() => ({ ...session, logout }), [session, logout]);
  return <SessionContext value={value}>{children}</SessionContext>;
}

export function useSession(): SessionValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}
