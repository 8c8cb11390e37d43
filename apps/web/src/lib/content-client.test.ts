import { describe, expect, it, vi } from 'vitest';
import { ContentError, readItems } from './content-client';

describe('content client', () => {
  it('returns the data of a collection read', async () => {
    vi.mocked(fetch).mockResolvedValue(new Response(JSON.stringify({ data: [{ id: 1, title: 'Sarees' }] })));
    expect(await readItems('catalogs', { sort: 'priority,title', limit: undefined })).toEqual([
      { id: 1, title: 'Sarees' },
    ]);
    expect(String(vi.mocked(fetch).mock.calls[0]?.[0])).toBe('/content/items/catalogs?sort=priority%2Ctitle');
  });

  it('throws a ContentError with the status on a non-2xx answer', async () => {
    vi.mocked(fetch).mockResolvedValue(new Response('{"errors":[]}', { status: 403 }));
    const error = await readItems('directus_users').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ContentError);
    expect((error as ContentError).status).toBe(403);
  });

  it('refuses an empty collection name without calling the service', async () => {
    await expect(readItems(' ')).rejects.toThrow('collection');
    expect(vi.mocked(fetch)).not.toHaveBeenCalled();
  });
});
