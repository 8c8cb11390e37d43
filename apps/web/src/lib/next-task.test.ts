import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextTask } from './next-task';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('nextTask', () => {
  it("uses the browser's scheduler.yield where there is one", async () => {
    const yieldTask = vi.fn(() => Promise.resolve());
    vi.stubGlobal('scheduler', { yield: yieldTask });
    await nextTask();
    expect(yieldTask).toHaveBeenCalledTimes(1);
  });

  it('otherwise resolves in a later task: after a timeout queued before it, not with the microtasks', async () => {
    vi.stubGlobal('scheduler', undefined);
    const order: string[] = [];
    setTimeout(() => order.push('earlier task'), 0);
    const done = nextTask().then(() => order.push('next task'));
    await Promise.resolve();
    order.push('microtask');
    await done;
    expect(order).toEqual(['microtask', 'earlier task', 'next task']);
  });
});
