import { describe, expect, it, vi } from 'vitest';
import { z } from '@ssd/shared/zod';
import { lazyContract } from './contract';

describe('lazyContract', () => {
  it('loads nothing until asked, then loads once for every check', async () => {
    const schema = z.object({ id: z.number() });
    const load = vi.fn(() => Promise.resolve(schema));
    const contract = lazyContract(load);
    expect(load).not.toHaveBeenCalled();

    const [first, second] = await Promise.all([contract(), contract()]);
    expect(await contract()).toBe(schema);
    expect(first).toBe(schema);
    expect(second).toBe(schema);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('tries again after a failed load instead of keeping the failure', async () => {
    const schema = z.string();
    const load = vi.fn<() => Promise<typeof schema>>().mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module')).mockResolvedValue(schema);
    const contract = lazyContract(load);

    await expect(contract()).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(await contract()).toBe(schema);
    expect(load).toHaveBeenCalledTimes(2);
  });
});
