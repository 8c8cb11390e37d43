import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { markContentChanged, readItems } from './content-client';

describe('content client', () => {
  it('returns the data of a collection read', async () => {
    vi.mocked(fetch).mockResolvedValue(new Response(JSON.stringify({ data: [{ id: 1, title: 'Sarees' }] })));
    expect(await readItems('catalogs', { sort: 'priority,title', limit: undefined })).toEqual([
      { id: 1, title: 'Sarees' },
    ]);
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toBe('/content/items/catalogs?sort=priority%2Ctitle');
  });

  it("throws the API's ApiError with the status and 'Unable to connect to our server' on a non-2xx answer", async () => {
    vi.mocked(fetch).mockResolvedValue(new Response('{"errors":[]}', { status: 403 }));
    const error = await readItems('directus_users').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ code: -1, status: 403, network: false, message: 'Unable to connect to our server' });
  });

  it('throws a network ApiError when the service cannot be reached or does not answer JSON', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(readItems('items')).rejects.toMatchObject({ name: 'ApiError', status: 0, network: true });
    vi.mocked(fetch).mockResolvedValue(new Response('<html>502</html>', { status: 200 }));
    await expect(readItems('items')).rejects.toMatchObject({ name: 'ApiError', status: 200, network: true });
  });

  it('lets an abort reach the caller as it is', async () => {
    const controller = new AbortController();
    controller.abort();
    vi.mocked(fetch).mockRejectedValue(new DOMException('The operation was aborted.', 'AbortError'));
    await expect(readItems('items', undefined, controller.signal)).rejects.toMatchObject({ name: 'AbortError' });
  });

  it('refuses an empty collection name without calling the service', async () => {
    await expect(readItems(' ')).rejects.toThrow('collection');
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });

  it("revalidates with the server for a minute after an admin's write (the browser may reuse answers that long)", async () => {
    const cacheOfNextRead = async () => {
      vi.mocked(fetch).mockResolvedValue(new Response(JSON.stringify({ data: [] })));
      await readItems('items');
      return (vi.mocked(fetch).mock.lastCall?.[1] as RequestInit | undefined)?.cache;
    };
    localStorage.clear();
    expect(await cacheOfNextRead()).toBe('default');
    markContentChanged();
    expect(await cacheOfNextRead()).toBe('no-cache');
    markContentChanged(Date.now() - 61_000);
    expect(await cacheOfNextRead()).toBe('default');
  });
});
