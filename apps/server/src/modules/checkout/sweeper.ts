import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { PaymentContext } from './orders';
import { expireUnpaidOrders } from './payments';
import { releaseExpiredHolds } from './stock-holds';

/** How often a running server settles unpaid orders and expired holds; one sweep runs at start too, so a crash loses no stock. */
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

/**
 * Every HOLD_SWEEP_EVERY_MS: unpaid orders past their window are reconciled with the provider and
 * expired (payments.ts), then holds past their expiry are released. Safe on every server at once.
 */
export function startCheckoutSweeper(ctx: PaymentContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const sweep = async () => {
    const expired = await expireUnpaidOrders(ctx, log);
    const released = await sweepExpiredHolds(ctx.db, ctx.now());
    if (expired + released > 0) log.info({ expiredOrders: expired, releasedHolds: released }, 'checkout sweep');
  };
  const tick = () => {
    if (running) return;
    running = true;
    sweep()
      .catch((error: unknown) => log.error({ err: error }, 'the checkout sweep failed; trying again shortly'))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, HOLD_SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
