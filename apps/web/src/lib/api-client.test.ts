import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiRequest, setAuthTokensGetter } from './api-client';

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

  it('returns the envelope of a successful call', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ code: 1, message: 'ok', data: { name: 'Asha' } }));
    const result = await apiRequest<{ name: string }>('GET', '/api/user/me');
    expect(result).toEqual({ code: 1, message: 'ok', data: { name: 'Asha' } });
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

  it('passes a failure envelope of a 4xx answer through unchanged', async () => {
    fetchMock().mockResolvedValue(jsonResponse({ code: 0, message: 'Product out of stock.', data: null }, 409));
    expect(await apiRequest('POST', '/api/cart/add', { id: 3 })).toEqual({
      code: 0,
      message: 'Product out of stock.',
      data: null,
    });
    fetchMock().mockResolvedValue(jsonResponse({ code: -2, message: 'Please log in to continue.', data: null }, 401));
    expect((await apiRequest('GET', '/api/order/list')).code).toBe(-2);
  });

  it("turns a network failure into code -1 'Failed to connect to our server.'", async () => {
    fetchMock().mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await apiRequest('GET', '/api/user/me')).toEqual({
      code: -1,
      message: 'Failed to connect to our server.',
      data: null,
    });
  });

  it('treats an answer that is not an envelope (a proxy error page) as a network failure', async () => {
    fetchMock().mockResolvedValue(new Response('<html>502 Bad Gateway</html>', { status: 502 }));
    expect(await apiRequest('GET', '/api/user/me')).toEqual({
      code: -1,
      message: 'Failed to connect to our server.',
      data: null,
    });
    fetchMock().mockResolvedValue(jsonResponse({ status: 'ok' }));
    expect((await apiRequest('GET', '/api/user/me')).code).toBe(-1);
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
