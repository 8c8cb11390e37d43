import { nextStaffStatus, STAFF_ACTION_LABELS, type AdminOrderLine } from '@ssd/shared/admin-ops';
import { formatINR } from '@ssd/shared/money';
import { orderStatusLabel } from '@ssd/shared/status';
import { Button } from '../../../components/ui/button';
import type { OrderChange } from '../api/update-order';
import { dateTimeText } from '../lib/texts';

/**
 * The order's items with their status and, per item, the one step staff may take from it
 * (STAFF_ITEM_TRANSITIONS, the server's own table): no button where staff cannot move the item
 * (a delivered item waits for the shopper's return request; a received return is refunded below).
 */
export function OrderLines({ lines, busy, onChange }: { lines: AdminOrderLine[]; busy: boolean; onChange: (change: OrderChange, line: AdminOrderLine) => void }) {
  return (
    <div className="overflow-x-auto rounded-2xl border border-maroon-100 bg-white">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Items</caption>
        <thead className="bg-maroon-50 text-maroon-800">
          <tr>
            <th scope="col" className="px-3 py-2">Item</th>
            <th scope="col" className="px-3 py-2 text-right">Price × qty</th>
            <th scope="col" className="px-3 py-2">Status</th>
            <th scope="col" className="px-3 py-2">Action</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-maroon-100">
          {lines.map((line) => {
            const next = nextStaffStatus(line.item_status);
            return (
              <tr key={line.line_id}>
                <td className="px-3 py-2 font-semibold">{line.title}</td>
                <td className="px-3 py-2 text-right">
                  {formatINR(line.selling_price)} × {line.quantity}
                </td>
                <td className="px-3 py-2">
                  {orderStatusLabel(line.item_status)}
                  <span className="block text-xs text-muted">{dateTimeText(line.item_updated_at)}</span>
                </td>
                <td className="px-3 py-2">
                  {next ? (
                    <Button
                      variant="secondary"
                      className="px-3 py-1.5"
                      disabled={busy}
                      aria-label={`${STAFF_ACTION_LABELS[next]}: ${line.title}`}
                      onClick={() => onChange({ kind: 'move', lineId: line.line_id, status: next }, line)}
                    >
                      {STAFF_ACTION_LABELS[next]}
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
