import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { useLoader } from '../components/ui/loader-overlay';
import { useToast } from '../components/ui/toast';
import { subscribeLoginNeeded } from './api-client';
import { markGuardRead, type LoadFirstRead } from './first-read';
import { goBackOrHome } from './navigation';
import { SCREENS } from './paths';
import { LOGIN_TO_CONTINUE_MESSAGE, type LoginRedirectState } from './login-redirect';
import { ADMIN_ROLE, useSession } from './session';
import { readStoredTokens } from './storage';

// The login screen reads the redirect state's type from here.
export { LOGIN_TO_CONTINUE_MESSAGE, type LoginRedirectState };

/** The global loader while the startup verification is still deciding (spec 1 §4). */
function WaitForSession() {
  const { showLoader, hideLoader } = useLoader();
  useEffect(() => {
    showLoader();
    return hideLoader;
  }, [showLoader, hideLoader]);
  return null;
}

/**
 * While a protected screen is shown, any call answering -2 (spec 1 §8) says
 * 'Please login to continue.' and sends the visitor to the login screen.
 */
function useLoginNeededRedirect(): void {
  const { expire } = useSession();
  const { showToast } = useToast();
  const navigate = useNavigate();
  const location = useLocation();
  const from = location.pathname + location.search;
  useEffect(
    () =>
      subscribeLoginNeeded(() => {
        showToast(LOGIN_TO_CONTINUE_MESSAGE, 'warning');
        expire();
        void navigate(SCREENS.login.path, { replace: true, state: { from } satisfies LoginRedirectState });
      }),
    [expire, showToast, navigate, from],
  );
}

function LoginNeededRedirect({ children }: { children: ReactNode }) {
  useLoginNeededRedirect();
  return children;
}

/** Drops a read made with the stored tokens: nothing of it may reach a screen. */
function dropRead(client: QueryClient, queryKey: QueryKey): void {
  void client.cancelQueries({ queryKey, exact: true });
  client.removeQueries({ queryKey, exact: true });
}

/** One first read started by a guard. */
interface FirstReadRun {
  /** Settles (never rejects) once the read has been kept or dropped. */
  done: Promise<void>;
  /** The verification failed: drop the read now, or as soon as it answers. */
  verificationFailed: () => void;
}

/**
 * Starts the screen's first read (./first-read.ts) with the stored tokens. Only the access token is
 * sent: the verification running meanwhile rotates the refresh token. A read that failed (a -2
 * included) or whose verification failed leaves nothing in the cache.
 */
function startFirstRead(load: LoadFirstRead, client: QueryClient): FirstReadRun {
  const started = firstReadsStarted.get(client) ?? new Map<LoadFirstRead, FirstReadRun>();
  firstReadsStarted.set(client, started);
  const run = started.get(load) ?? firstReadRun(load, client);
  started.set(load, run);
  return run;
}

/**
 * The first reads started per query client (one per page load): a guard whose first render React
 * threw away (a sibling suspended) renders again and must find its read under way, not start another.
 */
const firstReadsStarted = new WeakMap<QueryClient, Map<LoadFirstRead, FirstReadRun>>();

function firstReadRun(load: LoadFirstRead, client: QueryClient): FirstReadRun {
  let queryKey: QueryKey | null = null;
  let failed = false;
  const tokens = { accessToken: readStoredTokens().accessToken, refreshToken: null };
  const done = load()
    .then(async ({ firstRead }) => {
      const read = firstRead(tokens);
      queryKey = read.queryKey;
      await read.prefetch(client);
      if (failed || client.getQueryState(read.queryKey)?.status !== 'success') dropRead(client, read.queryKey);
      else markGuardRead(client, read.queryKey);
    })
    .catch(() => {
      // The code could not be loaded (offline): the screen loads it, and reads, as it renders.
    });
  return {
    done,
    verificationFailed: () => {
      failed = true;
      if (queryKey) dropRead(client, queryKey);
    },
  };
}

/**
 * Makes the screen's first read while the startup verification runs, when the guard mounts under
 * it. Started as the guard first renders (not in an effect, which would run only after the first
 * paint): the read is a cache fill, shared by a second render. Returns true while the verification
 * logged the visitor in and the read has not settled yet.
 */
function useFirstReadWhileVerifying(load: LoadFirstRead | undefined, verifying: boolean, isLoggedIn: boolean): boolean {
  const queryClient = useQueryClient();
  const [run] = useState(() =>
    load && verifying && readStoredTokens().accessToken !== null ? startFirstRead(load, queryClient) : null,
  );
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (!run) return;
    let active = true;
    void run.done.then(() => {
      if (active) setSettled(true);
    });
    return () => {
      active = false;
    };
  }, [run]);

  useEffect(() => {
    if (run && !verifying && !isLoggedIn) run.verificationFailed();
  }, [run, verifying, isLoggedIn]);

  return run !== null && !settled && isLoggedIn;
}

/**
 * On a page the server rendered signed in (docs/decisions/0055), the answers it carried (already in the
 * cache as the guard first renders) are the visit's reads, as a guard's first read is: the screen does
 * not read them again the moment the app takes the page over.
 */
function useRenderedReadsCountForVisit(renderedSignedIn: boolean): void {
  const queryClient = useQueryClient();
  useState(() => {
    if (!renderedSignedIn || typeof window === 'undefined') return;
    for (const query of queryClient.getQueryCache().getAll()) markGuardRead(queryClient, query.queryKey);
  });
}

/**
 * Cart, wishlist, orders, order details, profile, reviews (spec 1 §2): login first. `firstRead`
 * (./first-read.ts) lets the screen's code and first read load while the startup verification runs;
 * the screen is still shown only once it succeeded — unless the server rendered the page signed in
 * (docs/decisions/0055): it checked the access token already, and the screen stays, as drawn, while the
 * verification runs; a failed one ends the session and sends the visitor to login as anywhere.
 */
export function RequireLogin({ children, firstRead }: { children: ReactNode; firstRead?: LoadFirstRead }) {
  const { isLoggedIn, verifying, signedOut } = useSession();
  const location = useLocation();
  // Logged in while verifying: only a server-rendered page's session (lib/session.tsx) is.
  const renderedSignedIn = verifying && isLoggedIn;
  useRenderedReadsCountForVisit(renderedSignedIn);
  const waiting = verifying && !isLoggedIn;
  const firstReadPending = useFirstReadWhileVerifying(firstRead, waiting, isLoggedIn);
  if (waiting || firstReadPending) return <WaitForSession />;
  // Logging out on a protected screen leads home (spec 1 §2 Profile), not to the login screen.
  if (!isLoggedIn && signedOut) return <Navigate to="/" replace />;
  if (!isLoggedIn) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={SCREENS.login.path} replace state={state} />;
  }
  return <LoginNeededRedirect>{children}</LoginNeededRedirect>;
}

function GoBack() {
  const navigate = useNavigate();
  useEffect(() => goBackOrHome(navigate), [navigate]);
  return null;
}

/** The admin console: login first; a logged-in user without role ssd_admin goes back or home. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isLoggedIn, verifying, signedOut, userRole } = useSession();
  const location = useLocation();
  if (verifying) return <WaitForSession />;
  if (!isLoggedIn && signedOut) return <Navigate to="/" replace />;
  if (!isLoggedIn) {
    const state: LoginRedirectState = { from: location.pathname + location.search };
    return <Navigate to={SCREENS.login.path} replace state={state} />;
  }
  if (userRole !== ADMIN_ROLE) return <GoBack />;
  return <LoginNeededRedirect>{children}</LoginNeededRedirect>;
}
