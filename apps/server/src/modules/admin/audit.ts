import type { Database } from '../../db/client';
import type { Transaction } from '../../db/locks';
import { auditLog } from '../../db/schema';

export interface AuditEntry {
  /** The staff member (the request's user). */
  actorId: string;
  /** What was done, e.g. banner.add, product.update, order_item.status. */
  action: string;
  entity: string;
  entityId: string | number;
  /** The record before the change (null when it did not exist) and after (null when it no longer exists). */
  before: unknown;
  after: unknown;
}

/** Records an admin write; call it inside the transaction of the change, so one is never without the other. */
export async function recordAudit(tx: Database | Transaction, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actor_id: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entity_id: String(entry.entityId),
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}
