import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setAuthTokensGetter, subscribeLoginNeeded } from './api-client';
import { ApiError } from './api-error';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const fetchMock = () => vi.mocked(fetch);

function lastRequest() {
  const call = fetchMock().mock.calls.at(-1);
  if (!call) throw new Error('fetch was not called');
  const [url, init] = call;
  return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
}

describe('apiRequest', () => {
  afterEach(() => {
    setAuthTokensGetter(() => ({ accessToken: null, refreshToken: null }));
  });

  it('resolves a successful call to its data and message', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ code: 1, message: 'ok', data: { name: 'Asha' } }));
    const result = await apiRequest<{ name: string }>('GET', '/api/user/me');
    expect(result).toEqual({ message: 'ok', data: { name: 'Asha' } });
    const { url, init, headers } = lastRequest();
    expect(url).toBe('/api/user/me');
    expect(init.method).toBe('GET');
    expect(init.body).toBeUndefined();
    expect(headers.get('content-type')).toBeNull();
  });

  it('sends a JSON body', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ code: 1, message: 'Profile updated', data: null }));
    await apiRequest('PATCH', '/api/user/me', { name: 'Asha Iyer' });
    const { init, headers } = lastRequest();
    expect(init.method).toBe('PATCH');
    expect(headers.get('content-type')).toBe('application/json');
    expect(JSON.parse(String(init.body))).toEqual({ name: 'Asha Iyer' });
  });

  it('adds the bearer token and the refresh token when the session has them', async () => {
    setAuthTokensGetter(() => ({ accessToken: 'access-1', refreshToken: 'refresh-1' }));
    fetchMock().mockResolvedValue(jsonResponse({ code: 1, message: '', data: [] }));
    await apiRequest('GET', '/api/list/cart_wishlist');
    const { headers } = lastRequest();
    expect(headers.get('authorization')).toBe('Bearer access-1');
    expect(headers.get('x-refresh-token')).toBe('refresh-1');
  });

  it('sends no auth headers when logged out', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ code: 1, message: '', data: null }));
    await apiRequest('POST', '/api/auth/login', { email: 'a@b.in', password: 'secret123' });
    const { headers } = lastRequest();
    expect(headers.has('authorization')).toBe(false);
    expect(headers.has('x-refresh-token')).toBe(false);
  });

  it("throws a failure envelope as an ApiError with the server's code, message and HTTP status", async () => {
    fetchMock().mockResolvedValue(jsonResponse({ code: 0, message: 'Product out of stock.', data: null }, 409));
    const error = await apiRequest('POST', '/api/cart/add', { id: 3 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: 0, message: 'Product out of stock.', status: 409, network: false });
    fetchMock().mockResolvedValue(jsonResponse({ code: -2, message: 'Please log in to continue.', data: null }, 401));
    await expect(apiRequest('GET', '/api/order/list')).rejects.toMatchObject({ code: -2, status: 401 });
  });

  it('tells the login-needed listeners about a -2, unless the call handles it itself', async () => {
    const heard: number[] = [];
    const stop = subscribeLoginNeeded((error) => heard.push(error.code));
    fetchMock().mockImplementation(async () => jsonResponse({ code: -2, message: 'Session expired', data: null }, 401));
    await apiRequest('GET', '/api/wishlist/list').catch(() => null);
    await apiRequest('PUT', '/api/cart/add', { item_id: 1 }, { ignoreLoginNeeded: true }).catch(() => null);
    stop();
    await apiRequest('GET', '/api/wishlist/list').catch(() => null);
    expect(heard).toEqual([-2]);
  });

  it("turns a network failure into a network ApiError 'Failed to connect to our server.' (code -1, status 0)", async () => {
    fetchMock().mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('GET', '/api/user/me')).rejects.toMatchObject({
      name: 'ApiError',
      code: -1,
      message: 'Failed to connect to our server.',
      status: 0,
      network: true,
    });
  });

  it('treats an answer that is not an envelope (a proxy error page) as a network failure', async () => {
    fetchMock().mockResolvedValue(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    await expect(apiRequest('GET', '/api/user/me')).rejects.toMatchObject({
      code: -1,
      message: 'Failed to connect to our server.',
      status: 502,
      network: true,
    });
    fetchMock().mockResolvedValue(jsonResponse({ status: 'ok' }));
    await expect(apiRequest('GET', '/api/user/me')).rejects.toMatchObject({ code: -1, network: true });
  });

  it('adds query parameters, leaving out empty ones', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ code: 1, message: '', data: [] }));
    await apiRequest('GET', '/api/order/list', undefined, { query: { limit: 10, skip: 0, status: undefined } });
    expect(lastRequest().url).toBe('/api/order/list?limit=10&skip=0');
  });

  it('lets an abort reach the caller instead of reporting a network failure', async () => {
    const controller = new AbortController();
    controller.abort();
    fetchMock().mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(apiRequest('GET', '/api/user/me', undefined, { signal: controller.signal })).rejects.toThrow(
      'aborted',
    );
  });
});
