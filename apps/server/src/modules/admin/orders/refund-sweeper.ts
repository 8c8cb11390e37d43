import { and, asc, eq, lt } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { ADMIN_OPS_MESSAGES } from '@ssd/shared/admin-ops';
import { refunds } from '../../../db/schema';
import { RazorpayError } from '../../../integrations/razorpay/errors';
import type { AdminContext } from '../plugin';
import { isProviderRefundOf, markRefundFailed, recordProviderRefund, type RefundRow } from './refund-records';

/** A pending refund is looked into once it (or its last check) is this old: the call that asked has long finished by then. */
export const REFUND_CHECK_AFTER_MS = 60_000;
/** Answers from the provider without our refund before it is marked failed (one check a minute, so about five minutes). */
export const REFUND_MAX_CHECKS = 5;
/** How often a running server looks for pending refunds (the checkout sweep's pattern: one at start, then every so often). */
export const REFUND_SWEEP_EVERY_MS = 15_000;
const BATCH = 20;

export type RefundSweepContext = Pick<AdminContext, 'db' | 'now' | 'payments'>;

export interface RefundSweepResult {
  recorded: number;
  failed: number;
  waiting: number;
}

/**
 * Finishes refunds left pending (the server died after asking, or the provider's answer was lost): the
 * payment's refunds are listed (GET /v1/payments/{id}/refunds) and ours found by the key in its notes.
 * Found: recorded done, once. Not there: asked again a minute later, then failed after REFUND_MAX_CHECKS
 * answers without it (logged at error; staff see the reason and may refund again). The provider refusing
 * the question: failed. The provider unreachable: still pending, only last_error noted, since nothing is
 * known. Safe on every server at once: each check first moves the row's updated_at, so one server takes it.
 */
export async function sweepPendingRefunds(ctx: RefundSweepContext, log: FastifyBaseLogger): Promise<RefundSweepResult> {
  const result: RefundSweepResult = { recorded: 0, failed: 0, waiting: 0 };
  const now = ctx.now();
  const due = await ctx.db
    .select()
    .from(refunds)
    .where(and(eq(refunds.status, 'pending'), lt(refunds.updated_at, new Date(now.getTime() - REFUND_CHECK_AFTER_MS))))
    .orderBy(asc(refunds.updated_at))
    .limit(BATCH);
  for (const seen of due) {
    const [refund] = await ctx.db
      .update(refunds)
      .set({ updated_at: now })
      .where(and(eq(refunds.id, seen.id), eq(refunds.status, 'pending'), eq(refunds.updated_at, seen.updated_at)))
      .returning();
    if (!refund) continue; // another server is checking it
    result[await checkRefund(ctx, refund, log)] += 1;
  }
  return result;
}

async function checkRefund(ctx: RefundSweepContext, refund: RefundRow, log: FastifyBaseLogger): Promise<keyof RefundSweepResult> {
  const where = { refundKey: refund.id, orderId: refund.order_id, paymentId: refund.payment_id };
  let made;
  try {
    made = (await ctx.payments.fetchPaymentRefunds(refund.payment_id)).find((candidate) => isProviderRefundOf(refund, candidate));
  } catch (error) {
    if (error instanceof RazorpayError) {
      await fail(ctx, refund, ADMIN_OPS_MESSAGES.refundRefusedByProvider(error.description), log);
      return 'failed';
    }
    const reason = error instanceof Error ? error.message : String(error);
    await ctx.db.update(refunds).set({ last_error: reason }).where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
    log.warn({ ...where, err: error }, 'a pending refund could not be checked with the payment provider; trying again shortly');
    return 'waiting';
  }

  if (made) {
    await recordProviderRefund(ctx.db, refund.id, made, ctx.now());
    if (made.status === 'failed') {
      log.error({ ...where, providerRefundId: made.id }, 'the payment provider reports a pending refund failed');
      return 'failed';
    }
    log.info({ ...where, providerRefundId: made.id }, 'a pending refund was found at the payment provider and recorded');
    return 'recorded';
  }

  const checks = refund.attempts + 1;
  if (checks >= REFUND_MAX_CHECKS) {
    await ctx.db.update(refunds).set({ attempts: checks }).where(eq(refunds.id, refund.id));
    await fail(ctx, refund, ADMIN_OPS_MESSAGES.refundUnknownToProvider(checks), log);
    return 'failed';
  }
  await ctx.db
    .update(refunds)
    .set({ attempts: checks, last_error: 'Not found at the payment provider yet.' })
    .where(and(eq(refunds.id, refund.id), eq(refunds.status, 'pending')));
  return 'waiting';
}

async function fail(ctx: RefundSweepContext, refund: RefundRow, reason: string, log: FastifyBaseLogger) {
  if (await markRefundFailed(ctx.db, refund.id, reason, ctx.now())) {
    log.error({ refundKey: refund.id, orderId: refund.order_id, paymentId: refund.payment_id, reason }, 'a pending refund failed; staff can refund the order again');
  }
}

/** Sweeps now and then every REFUND_SWEEP_EVERY_MS, one sweep at a time; a failed sweep is logged and tried again next time. */
export function startRefundSweeper(ctx: RefundSweepContext, log: FastifyBaseLogger): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    sweepPendingRefunds(ctx, log)
      .then((swept) => {
        if (swept.recorded + swept.failed > 0) log.info(swept, 'refund sweep');
      })
      .catch((error: unknown) => log.error({ err: error }, 'the refund sweep failed; trying again shortly'))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, REFUND_SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
