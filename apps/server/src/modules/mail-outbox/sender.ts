import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { mailOutbox } from '../../db/schema';
import { DEFAULT_MAIL_FROM, type Mailer, type MailMessage } from '../../integrations/mail/mailer';
import { maskSecrets } from '../../lib/log-serializers';

/**
 * Sends what the outbox holds (queue.ts), from any number of servers at once. A sender claims due rows
 * with one statement (`FOR UPDATE SKIP LOCKED`, so two senders never claim the same row) that counts
 * the attempt and leases the row for LEASE_MS; then it sends outside any transaction and marks the row
 * sent, or due again after a backoff, or failed after MAX_ATTEMPTS. A sender that dies after claiming
 * leaves the row to be claimed again when the lease ends: a crash delays a mail, never loses it. SMTP
 * can't be exactly-once: a crash between the SMTP server's accept and the mark repeats the mail, under
 * the same Message-ID (docs/decisions/0028-*).
 */

export type OutboxRow = typeof mailOutbox.$inferSelect;

/** Makes a row's message when it is sent; throwing counts as a failed attempt. */
export type MailRenderer = (row: OutboxRow) => Promise<Omit<MailMessage, 'messageId'>>;

export const OUTBOX_POLICY = {
  /** The first retry waits this long; each further one twice as long as the one before, up to maxDelayMs. */
  baseDelayMs: 30_000,
  maxDelayMs: 60 * 60_000,
  /** 15 attempts span about eight hours; then the row is marked failed and left for staff. */
  maxAttempts: 15,
  /**
   * How long a claim keeps other senders off a row: longer than an SMTP attempt can take with
   * nodemailer's timeouts (2 min to connect, 30 s for the greeting, 10 min of silence).
   */
  leaseMs: 15 * 60_000,
  batchSize: 10,
} as const;

/** The wait after failed attempt number `attempt` (1, 2, …): 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(attempt: number): number {
  return Math.min(OUTBOX_POLICY.baseDelayMs * 2 ** Math.max(0, attempt - 1), OUTBOX_POLICY.maxDelayMs);
}

export interface OutboxSenderDeps {
  db: Database;
  mailer: Mailer;
  now: () => Date;
  log: FastifyBaseLogger;
  /** One renderer per kind of mail. */
  renderers: Readonly<Record<string, MailRenderer>>;
  /** The From of the mails (MAIL_FROM), whose domain the Message-IDs carry. */
  from?: string;
}

/**
 * Claims up to `limit` due rows for this sender: each one's attempt is counted and it is leased until
 * `now + leaseMs`, so no other sender takes it meanwhile.
 */
export async function claimDueMails(db: Database, now: Date, limit: number = OUTBOX_POLICY.batchSize, leaseMs: number = OUTBOX_POLICY.leaseMs): Promise<OutboxRow[]> {
  const due = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNull(mailOutbox.sent_at), isNull(mailOutbox.failed_at), lte(mailOutbox.next_attempt_at, now)))
    .orderBy(asc(mailOutbox.next_attempt_at), asc(mailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const claimed = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, next_attempt_at: new Date(now.getTime() + leaseMs) })
    .where(inArray(mailOutbox.id, due))
    .returning();
  return claimed.sort((a, b) => a.id - b.id);
}

/** The address part's domain of a From such as '"SSD Store" <no-reply@ssdstore.example>'. */
function domainOf(from: string): string {
  return /@([^\s>]+)/.exec(from)?.[1] ?? 'ssdstore.example';
}

/** The same on every attempt of one row, and unique to it: a repeated mail is recognisably the same one. */
export function messageIdOf(row: Pick<OutboxRow, 'id' | 'dedupe_key' | 'created_at'>, from: string = DEFAULT_MAIL_FROM): string {
  const digest = createHash('sha256').update(`${row.id}\n${row.dedupe_key}\n${row.created_at.toISOString()}`).digest('hex').slice(0, 24);
  return `<outbox.${row.id}.${digest}@${domainOf(from)}>`;
}

export interface DeliveryReport {
  sent: number;
  retried: number;
  failed: number;
}

/** One claimed row: render, send, and record what happened. */
async function deliver(deps: OutboxSenderDeps, row: OutboxRow, report: DeliveryReport): Promise<void> {
  const render = deps.renderers[row.kind];
  try {
    if (!render) throw new UnknownKindError(row.kind);
    const message = await render(row);
    await deps.mailer.send({ ...message, messageId: messageIdOf(row, deps.from) });
  } catch (error) {
    const now = deps.now();
    const reason = error instanceof Error ? error.message : String(error);
    // An unknown kind will never render: give up at once rather than after every retry.
    const givingUp = error instanceof UnknownKindError || row.attempts >= OUTBOX_POLICY.maxAttempts;
    await deps.db
      .update(mailOutbox)
      .set(givingUp ? { failed_at: now, last_error: reason } : { next_attempt_at: new Date(now.getTime() + retryDelayMs(row.attempts)), last_error: reason })
      // Only this claim's outcome: a row claimed again meanwhile (a lease that ran out) is the other sender's now.
      .where(and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), isNull(mailOutbox.sent_at)));
    const context = { mailId: row.id, kind: row.kind, to: maskSecrets(row.recipient), attempt: row.attempts, err: error };
    if (givingUp) {
      report.failed += 1;
      deps.log.error(context, 'gave up sending a mail');
    } else {
      report.retried += 1;
      deps.log.warn(context, 'sending a mail failed; it will be tried again');
    }
    return;
  }
  await deps.db
    .update(mailOutbox)
    .set({ sent_at: deps.now(), last_error: null })
    .where(and(eq(mailOutbox.id, row.id), isNull(mailOutbox.sent_at)));
  report.sent += 1;
}

class UnknownKindError extends Error {
  constructor(kind: string) {
    super(`no renderer for mails of kind '${kind}'`);
    this.name = 'UnknownKindError';
  }
}

/** Claims and sends due mails, batch after batch, until none is due (at most `maxBatches` batches). */
export async function deliverDueMails(
  deps: OutboxSenderDeps,
  { batchSize = OUTBOX_POLICY.batchSize, maxBatches = 10 }: { batchSize?: number; maxBatches?: number } = {},
): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retried: 0, failed: 0 };
  for (let batch = 0; batch < maxBatches; batch++) {
    const claimed = await claimDueMails(deps.db, deps.now(), batchSize);
    for (const row of claimed) await deliver(deps, row, report);
    if (claimed.length < batchSize) break;
  }
  return report;
}

/** How often a running server looks for due mails. */
export const OUTBOX_POLL_EVERY_MS = 5_000;

/**
 * Sends due mails now and every OUTBOX_POLL_EVERY_MS, on every server at once (claims keep them apart).
 * Answers the function that stops it.
 */
export function startMailOutboxSender(deps: OutboxSenderDeps, everyMs = OUTBOX_POLL_EVERY_MS): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    deliverDueMails(deps)
      .then((report) => {
        if (report.sent + report.retried + report.failed > 0) deps.log.info(report, 'mail outbox');
      })
      .catch((error: unknown) => deps.log.error({ err: error }, 'the mail outbox sender failed; trying again shortly'))
      .finally(() => {
        running = false;
      });
  };
  tick();
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
