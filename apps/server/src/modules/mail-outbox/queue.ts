import type { Transaction } from '../../db/locks';
import { mailOutbox } from '../../db/schema';

/** A mail to send because something changed, as the outbox keeps it until it is sent. */
export interface QueuedMail {
  /**
   * Names the change the mail tells about (order_confirmed:SSD-…): the same change never queues a
   * second mail, however often the code that made it runs again.
   */
  dedupeKey: string;
  /** Which renderer makes the message when it is sent (sender.ts). */
  kind: string;
  recipient: string;
  /** What the renderer needs: ids and values, never HTML, so a fix to a template reaches mails not yet sent. */
  payload: Record<string, unknown>;
}

/**
 * Queues a mail inside the caller's transaction: it exists if and only if the change that causes it
 * commits, and the sender (any server's) sends it afterwards. Answers false when the change had
 * already queued its mail.
 */
export async function queueMail(tx: Transaction, mail: QueuedMail, at: Date): Promise<boolean> {
  const queued = await tx
    .insert(mailOutbox)
    .values({ dedupe_key: mail.dedupeKey, kind: mail.kind, recipient: mail.recipient, payload: mail.payload, next_attempt_at: at, created_at: at })
    .onConflictDoNothing({ target: mailOutbox.dedupe_key })
    .returning({ id: mailOutbox.id });
  return queued.length === 1;
}
