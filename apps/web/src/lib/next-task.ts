interface YieldingScheduler {
  yield?: () => Promise<void>;
}

/**
 * Ends the current task and resolves in a later one, so that the browser can paint and answer input
 * in between: `scheduler.yield()` where the browser has it (it resumes ahead of other queued work),
 * otherwise a zero timeout.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: YieldingScheduler }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((done) => setTimeout(done, 0));
}
