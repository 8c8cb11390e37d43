/** Thrown by PriorityLimiter.run when every slot is busy and the task's queue is full. */
export class LimiterBusyError extends Error {
  constructor() {
    super('every slot is busy and the queue is full');
    this.name = 'LimiterBusyError';
  }
}

/**
 * Runs at most `concurrency` tasks at once; the rest wait in one queue per priority (0 first), each
 * queue bounded, and a task that finds its queue full is refused at once rather than kept waiting.
 */
export class PriorityLimiter {
  private running = 0;
  private readonly queues: Array<Array<() => void>>;

  constructor(
    private readonly concurrency: number,
    /** How many tasks may wait, per priority. */
    private readonly queueLimits: readonly number[],
  ) {
    if (concurrency < 1) throw new Error('a limiter needs at least one slot');
    this.queues = queueLimits.map(() => []);
  }

  async run<T>(priority: number, task: () => Promise<T>): Promise<T> {
    const queue = this.queues[priority];
    if (!queue) throw new Error(`no queue for priority ${priority}`);
    if (this.running < this.concurrency) {
      this.running += 1;
    } else {
      if (queue.length >= this.queueLimits[priority]!) throw new LimiterBusyError();
      // The slot is handed over by the task that ends (see release), so `running` stays as it is.
      await new Promise<void>((resolve) => queue.push(resolve));
    }
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  /** Tasks running and waiting, for tests and diagnostics. */
  get load(): { running: number; waiting: number[] } {
    return { running: this.running, waiting: this.queues.map((queue) => queue.length) };
  }

  private release(): void {
    for (const queue of this.queues) {
      const next = queue.shift();
      if (next) {
        next();
        return;
      }
    }
    this.running -= 1;
  }
}
