import { ResponseCode, type Envelope } from '@ssd/shared/api';
import { ApiError, networkError } from './api-error';
import { dataFetch } from './data-transport';

/**
 * The product API client (spec 1 §7, §8). Every /api answer is an envelope {code, message, data}.
 * A success resolves to its data and message; anything else throws an ApiError
 * (docs/decisions/0022-web-data-layer.md): the envelope's code and message, or a network failure
 * ('Failed to connect to our server.') when the server could not be reached or did not answer
 * with an envelope. An abort reaches the caller as the browser's AbortError.
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What a successful call resolves to. The data is read by type (docs/decisions/0015). */
export interface ApiSuccess<T> {
  data: T;
  message: string;
}

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

type LoginNeededListener = (error: ApiError) => void;

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
  /**
   * Let the call finish when the page is left or reloaded while it is on its way (RequestInit
   * keepalive): a shopper's press that changes something small, such as adding to the cart, is then
   * not lost to an immediate reload. The browser caps such bodies at 64 KB in all, so only small writes.
   */
  keepalive?: boolean;
  /** Query parameters; undefined and null values are left out. */
  query?: Record<string, string | number | boolean | null | undefined>;
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
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

/** Calls the product API, e.g. `const { data } = await apiRequest<UserMe>('GET', '/api/user/me')`. */
export async function apiRequest<T>(
  method: HttpMethod,
  path: string,
  body?: unknown,
  options: ApiRequestOptions = {},
): Promise<ApiSuccess<T>> {
  const headers = authHeaders(options.tokens, { Accept: 'application/json' });
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let parsed: unknown;
  try {
    response = await dataFetch(withQuery(path, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: 'same-origin',
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    // An abort is the caller's decision, not a network failure: let it reach the caller.
    if (options.signal?.aborted) throw error;
    throw networkError(0);
  }
  try {
    parsed = await response.json();
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw networkError(response.status);
  }
  if (!isEnvelope(parsed)) throw networkError(response.status);
  if (parsed.code === ResponseCode.SUCCESS) return { data: parsed.data as T, message: parsed.message };
  throw failureOf(parsed, response.status, options);
}

/** The session's Authorization and X-Refresh-Token headers (or the given tokens'), added to `headers`. */
export function authHeaders(tokens: AuthTokens | undefined, headers: Record<string, string>): Record<string, string> {
  const { accessToken, refreshToken } = tokens ?? getAuthTokens();
  if (accessToken) headers.Authorization = `Bearer ${accessToken}`;
  if (refreshToken) headers['X-Refresh-Token'] = refreshToken;
  return headers;
}

/** The ApiError of a failed envelope; a -2 reaches the login-needed listeners unless the caller handles it. */
export function failureOf(envelope: Envelope<unknown>, status: number, options: ApiRequestOptions): ApiError {
  const failure = new ApiError(envelope.code as ApiError['code'], envelope.message, status);
  if (envelope.code === ResponseCode.LOGIN_NEEDED && !options.ignoreLoginNeeded) {
    for (const listener of [...loginNeededListeners]) listener(failure);
  }
  return failure;
}
