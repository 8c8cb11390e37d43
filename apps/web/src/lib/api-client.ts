import { NETWORK_MESSAGES, ResponseCode, type Envelope } from '@ssd/shared/api';

/**
 * The product API client (spec 1 §7, §8). Every /api answer is an envelope {code, message, data};
 * a call never throws for a failed request: a network problem or an answer that is not an
 * envelope becomes {code: -1, message: 'Failed to connect to our server.', data: null}.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** A success carries the typed data; a failure carries whatever the server sent (usually null). */
export type ApiResponse<T> =
  | { code: typeof ResponseCode.SUCCESS; message: string; data: T }
  | {
      code: typeof ResponseCode.WARNING | typeof ResponseCode.FAILURE | typeof ResponseCode.LOGIN_NEEDED;
      message: string;
      data: unknown;
    };

export interface AuthTokens {
  accessToken: string | null;
  refreshToken: string | null;
}

type AuthTokensGetter = () => AuthTokens;

let getAuthTokens: AuthTokensGetter = () => ({ accessToken: null, refreshToken: null });

/** The session registers where the tokens are read from (spec 1 §3 storage rules). */
export function setAuthTokensGetter(getter: AuthTokensGetter): void {
  getAuthTokens = getter;
}

type LoginNeededListener = (envelope: { code: number; message: string }) => void;

const loginNeededListeners = new Set<LoginNeededListener>();

/**
 * Listens for answers with code -2 (spec 1 §8: session expired or login needed). The login guard
 * of protected screens subscribes while mounted, so any call made there that answers -2 sends
 * the visitor to the login screen. Returns the unsubscribe function.
 */
export function subscribeLoginNeeded(listener: LoginNeededListener): () => void {
  loginNeededListeners.add(listener);
  return () => {
    loginNeededListeners.delete(listener);
  };
}

export interface ApiRequestOptions {
  signal?: AbortSignal;
  /** Use these tokens instead of the session's (startup verification reads them from storage). */
  tokens?: AuthTokens;
  /** Do not tell the login-needed listeners about a -2 answer (calls that handle it themselves). */
  ignoreLoginNeeded?: boolean;
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
}

export function networkFailure(): ApiResponse<never> {
  return { code: ResponseCode.FAILURE, message: NETWORK_MESSAGES.api, data: null };
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  if (typeof value !== 'object' || value === null) return false;
  const { code, message } = value as Record<string, unknown>;
  return (
    (code === 1 || code === 0 || code === -1 || code === -2) &&
    typeof message === 'string' &&
    'data' in value
  );
}

function withQuery(path: string, query: ApiRequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  if (!text) return path;
  return `${path}${path.includes('?') ? '&' : '?'}${text}`;
}

/** True for the answer apiRequest makes up when the server could not be reached. */
export function isNetworkFailure(response: { code: number; message: string; data: unknown }): boolean {
  return response.code === ResponseCode.FAILURE && response.message === NETWORK_MESSAGES.api && response.data === null;
}

/** Calls the product API, e.g. `apiRequest<UserMe>('GET', '/api/user/me')`. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const { accessToken, refreshToken } = options.tokens ?? getAuthTokens();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (refreshToken) headers['X-Refresh-Token'] = refreshToken;

  let response: Response;
  try {
    response = await fetch(withQuery(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    // An abort is the caller's decision, not a network failure: let it reach the caller.
    if (options.signal?.aborted) throw error;
    return networkFailure();
  }

  let parsed: unknown;
  try {
    parsed = await response.json();
  } catch {
    return networkFailure();
  }
  if (!isEnvelope(parsed)) return networkFailure();
  if (parsed.code === ResponseCode.LOGIN_NEEDED && !options.ignoreLoginNeeded) {
    for (const listener of [...loginNeededListeners]) listener(parsed);
  }
  return parsed as ApiResponse<T>;
}
