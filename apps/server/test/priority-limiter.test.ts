import { describe, expect, it } from 'vitest';
import { LimiterBusyError, PriorityLimiter } from '../src/lib/priority-limiter';

/** A task that runs until the test lets it finish. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe('PriorityLimiter', () => {
  it('runs at most `concurrency` tasks, queues up to each queue limit and refuses the rest at once', async () => {
    const limiter = new PriorityLimiter(2, [1, 2]);
    const gates = Array.from({ length: 5 }, gate);
    const started: number[] = [];
    const task = (i: number) => () => {
      started.push(i);
      return gates[i]!.opened.then(() => i);
    };
    const running = [limiter.run(1, task(0)), limiter.run(1, task(1))];
    const waiting = [limiter.run(1, task(2)), limiter.run(1, task(3))];
    await expect(limiter.run(1, task(4))).rejects.toBeInstanceOf(LimiterBusyError);
    expect(limiter.load).toEqual({ running: 2, waiting: [0, 2] });
    expect(started).toEqual([0, 1]);

    gates[0]!.open();
    await running[0];
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all([...running, ...waiting])).toEqual([0, 1, 2, 3]);
    expect(limiter.load).toEqual({ running: 0, waiting: [0, 0] });
  });

  it('a freed slot goes to the first priority first, whatever waited longer', async () => {
    const limiter = new PriorityLimiter(1, [4, 4]);
    const first = gate();
    const order: string[] = [];
    const holding = limiter.run(1, () => first.opened);
    const low = limiter.run(1, async () => void order.push('sign-up'));
    const high = limiter.run(0, async () => void order.push('login'));
    first.open();
    await Promise.all([holding, low, high]);
    expect(order).toEqual(['login', 'sign-up']);
  });

  it('a failing task frees its slot', async () => {
    const limiter = new PriorityLimiter(1, [0]);
    await expect(limiter.run(0, () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await limiter.run(0, async () => 'next')).toBe('next');
  });
});
