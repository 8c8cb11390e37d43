import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { releaseExpiredHolds } from './stock-holds';

/** How often a running server looks for expired holds; one runs at start too, so a crash loses no stock. */
export const HOLD_SWEEP_EVERY_MS = 15_000;

/** Releases every expired hold now, batch after batch; every server may run it at once (stock-holds.ts). */
export async function sweepExpiredHolds(db: Database, now: Date): Promise<number> {
  let released = 0;
  for (;;) {
    const batch = await releaseExpiredHolds(db, now);
    released += batch;
    if (batch === 0) return released;
  }
}

export function startHoldSweeper(db: Database, now: () => Date, log: FastifyBaseLogger): () => void {
  let running = false;
  const sweep = () => {
    if (running) return;
    running = true;
    sweepExpiredHolds(db, now())
      .then(
        (released) => {
          if (released > 0) log.info({ released }, 'released expired stock holds');
        },
        (error: unknown) => log.error({ err: error }, 'releasing expired stock holds failed; trying again shortly'),
      )
      .finally(() => {
        running = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, HOLD_SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
