import { ADMIN_OPS_MESSAGES, canStaffMove, staffSourcesOf, type StaffTargetStatus } from '@ssd/shared/admin-ops';
import { orderStatusLabel } from '@ssd/shared/status';
import type { Database } from '../../../db/client';
import { fail } from '../../../lib/envelope';
import { lockOrderWithLines, moveLines } from './item-moves';

export const MOVE_ACTION = 'order.items.status';

/**
 * POST /api/admin/orders/{id}/status: moves the chosen lines (or every line that can make the step) to
 * `to`, all or none. A line not in the status before `to` (STAFF_ITEM_TRANSITIONS) refuses the whole
 * request with 409 naming it; the order's row lock makes a second, concurrent press see the first's result.
 */
export async function moveOrderItems(db: Database, actorId: string, orderId: string, to: StaffTargetStatus, lineIds: readonly number[] | undefined, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const locked = await lockOrderWithLines(tx, orderId);
    if (!locked) throw fail.notFound(ADMIN_OPS_MESSAGES.orderNotFound);
    let chosen;
    if (lineIds) {
      chosen = locked.lines.filter((line) => lineIds.includes(line.id));
      if (chosen.length !== new Set(lineIds).size) throw fail.badRequest(ADMIN_OPS_MESSAGES.lineNotInOrder);
      const stuck = chosen.find((line) => !canStaffMove(line.item_status, to));
      if (stuck) throw fail.conflict(ADMIN_OPS_MESSAGES.cannotMove(stuck.title, orderStatusLabel(stuck.item_status), orderStatusLabel(to)));
    } else {
      const sources: readonly string[] = staffSourcesOf(to);
      chosen = locked.lines.filter((line) => sources.includes(line.item_status));
      if (chosen.length === 0) throw fail.conflict(ADMIN_OPS_MESSAGES.nothingToMove(orderStatusLabel(to)));
    }
    await moveLines(tx, { orderId, lines: chosen, to, actorId, action: MOVE_ACTION }, locked.lines, now);
  });
}
