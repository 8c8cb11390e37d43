import type { InvoiceContext } from '../invoices/service';
import type { MailRenderer } from '../mail-outbox/sender';
import { ORDER_CONFIRMED_KIND, renderConfirmationMail } from './confirmation-mail';
import { ITEM_STATUS_KIND, renderItemStatusMail } from './item-status-mail';

/** The outbox's renderers of the order mails, by kind (main.ts hands them to the sender). */
export function orderMailRenderers(ctx: InvoiceContext): Record<string, MailRenderer> {
  return {
    [ORDER_CONFIRMED_KIND]: (row) => renderConfirmationMail(ctx, row),
    [ITEM_STATUS_KIND]: (row) => renderItemStatusMail(ctx.db, row),
  };
}
