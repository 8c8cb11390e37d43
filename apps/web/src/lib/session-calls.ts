import type { LoginData } from '@ssd/shared/login-data';
import { apiRequest } from './api-client';
import { ApiError } from './api-error';
import { clearStoredTokens, readStoredTokens, writeStoredTokens } from './storage';

/*
 * The session's startup token verification (spec 1 §4). Only a visitor with stored tokens needs
 * it, so the provider (./session.tsx) imports this module on demand and a first visit never
 * downloads it.
 */

export const VERIFY_TOKEN_PATH = '/api/auth/verify/token';

/**
 * The zod contract that checks the verification's answer: the login answer's alone, not the accounts
 * forms' (decisions/0058). It loads only when there are tokens to verify, and then alongside the
 * verification call rather than one round trip after its answer.
 */
function loadLoginContract() {
  return import('./login-contract').then(({ loginDataSchema }) => loginDataSchema);
}

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
  const contracts = loadLoginContract();
  // A failed verification does not wait for them: their failure to load then is nobody's concern.
  contracts.catch(() => {});
  let answer: unknown;
  try {
    ({ data: answer } = await apiRequest<unknown>(
      'POST',
      VERIFY_TOKEN_PATH,
      { refreshToken: sent.refreshToken },
      { tokens: { accessToken: sent.accessToken, refreshToken: sent.refreshToken }, ignoreLoginNeeded: true },
    ));
  } catch (error) {
    return refused(error, sent.refreshToken, retried);
  }
  // The data is the login answer; tokens the server leaves out stay as they were.
  const fallback = {
    access_token: sent.accessToken,
    refresh_token: sent.refreshToken,
    auth_provider: sent.authProvider ?? 'local',
  };
  const data = typeof answer === 'object' && answer !== null ? answer : {};
  const loginDataSchema = await contracts;
  const parsed = loginDataSchema.safeParse({ ...fallback, ...data });
  if (!parsed.success) return null;
  writeStoredTokens({
    accessToken: parsed.data.access_token,
    refreshToken: parsed.data.refresh_token,
    authProvider: parsed.data.auth_provider,
  });
  return parsed.data;
}

/** The server refused the verification (or could not be reached). */
async function refused(error: unknown, sentRefreshToken: string, retried: boolean): Promise<LoginData | null> {
  // Another tab (without the lock API) rotated the refresh token while ours was on the way:
  // ours is stale, theirs is fresh. Try once more with theirs rather than logging out.
  const now = readStoredTokens();
  if (!retried && now.accessToken && now.refreshToken && now.refreshToken !== sentRefreshToken) {
    return verifyOnce(true);
  }
  // Silent failure (spec 1 §8). Being offline is no reason to forget a session.
  const offline = !(error instanceof ApiError) || error.network;
  if (!offline && now.refreshToken === sentRefreshToken) clearStoredTokens();
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
