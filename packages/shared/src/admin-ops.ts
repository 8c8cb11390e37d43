import { z } from './zod';
import { customerDetailsSchema, orderIdSchema } from './checkout';
import { intIdSchema, refuseControlCharacters } from './input';
import { ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES, type OrderStatus } from './status';
import { SUPPORT_ISSUE_TYPES, SUPPORT_STATUSES, type SupportStatus } from './support';
import { auditEntrySchema } from './admin-content';

/**
 * Contracts of running the store from the admin console (the admin issue's "Beyond the spec"):
 * fulfilment and returns (/api/admin/orders), the support queue (/api/admin/support) and the dashboard
 * (/api/admin/dashboard). Money is rupees with two decimals, dates ISO 8601 strings, days YYYY-MM-DD in
 * India time. docs/decisions/0033.
 */

// ---------------------------------------------------------------------------------------------------
// Item transitions: the one source for the server's check and the order screen's buttons.
// ---------------------------------------------------------------------------------------------------

/**
 * The step staff may move an item on from each status (one next step each). delivered → return_requested
 * is the shopper's (a Return/Exchange support request within the return window), and return_accepted →
 * refund_done happens only through the refund call, which pays the money back first.
 */
export const STAFF_ITEM_TRANSITIONS = {
  confirmed: 'packed',
  packed: 'shipped',
  shipped: 'out_for_delivery',
  out_for_delivery: 'delivered',
  return_requested: 'return_request_accepted',
  return_request_accepted: 'return_accepted',
} as const satisfies Partial<Record<OrderStatus, OrderStatus>>;
export type StaffMovableStatus = keyof typeof STAFF_ITEM_TRANSITIONS;
export type StaffTargetStatus = (typeof STAFF_ITEM_TRANSITIONS)[StaffMovableStatus];
export const STAFF_TARGET_STATUSES = [...new Set(Object.values(STAFF_ITEM_TRANSITIONS))] as [StaffTargetStatus, ...StaffTargetStatus[]];

/** The status an item moves to when staff press its button, or null when staff cannot move it. */
export function nextStaffStatus(status: string): StaffTargetStatus | null {
  return (STAFF_ITEM_TRANSITIONS as Record<string, StaffTargetStatus>)[status] ?? null;
}
/** Whether staff may move an item from `from` to `to`. */
export const canStaffMove = (from: string, to: string): boolean => nextStaffStatus(from) === to;
/** The statuses an item may be in to move to `to` (the reverse of the table). */
export function staffSourcesOf(to: StaffTargetStatus): StaffMovableStatus[] {
  return (Object.keys(STAFF_ITEM_TRANSITIONS) as StaffMovableStatus[]).filter((from) => STAFF_ITEM_TRANSITIONS[from] === to);
}

/** The button that moves an item to each status. */
export const STAFF_ACTION_LABELS: Record<StaffTargetStatus, string> = {
  packed: 'Mark packed',
  shipped: 'Mark shipped',
  out_for_delivery: 'Mark out for delivery',
  delivered: 'Mark delivered',
  return_request_accepted: 'Accept return request',
  return_accepted: 'Mark return received',
};

/** Items in this status are refunded by POST /api/admin/orders/{id}/refund (then refund_done). */
export const REFUNDABLE_ITEM_STATUS = 'return_accepted' satisfies OrderStatus;
export const REFUND_ACTION_LABEL = 'Refund';

/**
 * A return's refund (the refunds table): pending from the moment staff ask until the provider's answer is
 * recorded (by the call itself or, after a crash or a lost answer, by the sweeper), then done or failed.
 */
export const REFUND_STATUSES = ['pending', 'done', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * An order's status follows its items: the least advanced of its items that are not cancelled, along
 * this path (an order with every item cancelled is cancelled). Statuses before payment (pending,
 * failed, expired) count as less advanced than any of these.
 */
export const ITEM_PROGRESS: readonly OrderStatus[] = [
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'return_requested',
  'return_request_accepted',
  'return_accepted',
  'refund_done',
];
export function orderStatusFromItems(itemStatuses: readonly OrderStatus[]): OrderStatus {
  const live = itemStatuses.filter((status) => status !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  return live.reduce((least, status) => (ITEM_PROGRESS.indexOf(status) < ITEM_PROGRESS.indexOf(least) ? status : least));
}

// ---------------------------------------------------------------------------------------------------
// Fulfilment: GET /api/admin/orders, GET /api/admin/orders/{id}, POST …/{id}/status, POST …/{id}/refund
// ---------------------------------------------------------------------------------------------------

export const ADMIN_ORDERS_PAGE_SIZE = 20;
export const ADMIN_LIST_MAX_LIMIT = 100;
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
const isRealDay = (day: string): boolean => {
  const date = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
};
const daySchema = (label: string) =>
  z
    .string()
    .regex(DAY_PATTERN, { error: `${label} must be a date (YYYY-MM-DD).` })
    .refine(isRealDay, { error: `${label} must be a date (YYYY-MM-DD).` });
const pageQuery = (defaultLimit: number) => ({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(ADMIN_LIST_MAX_LIMIT, { error: `limit must be at most ${ADMIN_LIST_MAX_LIMIT}.` })
    .default(defaultLimit),
  offset: z.coerce
    .number({ error: 'offset must be a whole number.' })
    .int({ error: 'offset must be a whole number.' })
    .min(0, { error: 'offset must be 0 or more.' })
    .max(1_000_000, { error: 'offset is too large.' })
    .default(0),
});

/**
 * GET /api/admin/orders?status=&from=&to=&q=&limit=&offset=: newest first. `status` matches orders with
 * any item in that status (an order with one item to pack shows under packed's source, confirmed);
 * from/to are days in India time, both included; q is an order id (SSD-…, any case) or part of the
 * customer's email.
 */
export const adminOrderListQuerySchema = z
  .object({
    status: z.enum(ORDER_STATUSES, { error: 'Please choose a valid status.' }).optional(),
    from: daySchema('From').optional(),
    to: daySchema('To').optional(),
    q: refuseControlCharacters(z.string().trim().max(254, { error: 'Search must be at most 254 characters.' }), 'Search')
      .optional()
      .transform((text) => (text ? text : undefined)),
    ...pageQuery(ADMIN_ORDERS_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { error: 'From must not be after To.', path: ['from'] });
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export type AdminOrderFilters = z.output<typeof adminOrderListQuerySchema>;

export const adminOrderSummarySchema = z.object({
  order_id: z.string(),
  placed_on: z.iso.datetime(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_mode: z.enum(PAYMENT_MODES),
  customer_name: z.string(),
  customer_email: z.string(),
  /** What the shopper pays (rupees). */
  amount: z.number(),
  item_count: z.number().int(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;
export const adminOrderListSchema = z.object({ orders: z.array(adminOrderSummarySchema), total: z.number().int() });
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

export const adminOrderLineSchema = z.object({
  /** order_lines.id: what POST …/status names in line_ids. */
  line_id: z.number().int(),
  /** The product, or null when it has since been erased (archived products keep their id). */
  item_id: z.number().int().nullable(),
  title: z.string(),
  image: z.string(),
  quantity: z.number().int(),
  /** One piece's price (rupees). */
  selling_price: z.number(),
  gst_amount: z.number(),
  item_status: z.enum(ORDER_STATUSES),
  item_updated_at: z.iso.datetime(),
});
export type AdminOrderLine = z.infer<typeof adminOrderLineSchema>;

export const adminRefundSchema = z.object({
  refund_id: z.string(),
  /** Rupees; null when the provider refunded what was left of the payment and we do not know the sum. */
  amount: z.number().nullable(),
  /** return: staff refunded returned items; late_payment: a payment that could not be honoured (checkout). */
  reason: z.enum(['return', 'late_payment']),
  created_at: z.iso.datetime().nullable(),
  /**
   * done: made and recorded. pending: asked for, the provider's answer not yet recorded (refund_id is then
   * our refund key). failed: not made (`error` says why); the items stay return_accepted to try again.
   */
  status: z.enum(REFUND_STATUSES),
  error: z.string().nullable(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** An audit log entry (who, what, when, before and after). */
/** An audit entry of the order (the same shape as the console's audit log, ./admin-content). */
export const adminAuditEntrySchema = auditEntrySchema;
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminSupportRequestSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  customer_name: z.string(),
  customer_email: z.string(),
  issue_type: z.enum(SUPPORT_ISSUE_TYPES),
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  staff_reply: z.string().nullable(),
  replied_at: z.iso.datetime().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type AdminSupportRequest = z.infer<typeof adminSupportRequestSchema>;

/** GET /api/admin/orders/{id}; also the answer of …/status and …/refund (the order as it now is). */
export const adminOrderDetailSchema = z.object({
  order_id: z.string(),
  placed_on: z.iso.datetime(),
  status: z.enum(ORDER_STATUSES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_mode: z.enum(PAYMENT_MODES),
  /** The provider's payment (pay_…), once paid. */
  payment_id: z.string().nullable(),
  paid_at: z.iso.datetime().nullable(),
  amount: z.number(),
  amount_paid: z.number(),
  customer: customerDetailsSchema,
  lines: z.array(adminOrderLineSchema),
  refunds: z.array(adminRefundSchema),
  support_request: adminSupportRequestSchema.nullable(),
  /** The order's and its support request's audit entries, newest first. */
  audit: z.array(adminAuditEntrySchema),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

export const adminOrderParamsSchema = z.object({ id: orderIdSchema });
export const orderLineIdSchema = intIdSchema('Line');

/**
 * POST /api/admin/orders/{id}/status {status, line_ids?}: moves the named lines — or, without line_ids,
 * every line of the order that can make that step — to `status`. Each line must be in the status
 * before it (STAFF_ITEM_TRANSITIONS), else nothing moves and the answer is 409.
 */
export const moveItemsRequestSchema = z.object({
  status: z.enum(STAFF_TARGET_STATUSES, { error: 'Please choose a status staff can set.' }),
  line_ids: z
    .array(orderLineIdSchema, { error: 'line_ids must be a list of line ids.' })
    .min(1, { error: 'Please choose at least one item.' })
    .max(100, { error: 'At most 100 items at a time.' })
    .optional(),
});
export type MoveItemsRequest = z.input<typeof moveItemsRequestSchema>;

/**
 * POST /api/admin/orders/{id}/decline-return {reason}: declines the order's return request. Not a row of
 * STAFF_ITEM_TRANSITIONS (one next step per status, and return_requested's is accepting): every item in
 * return_requested goes back to delivered, and the reason becomes staff's reply to the order's support
 * request, which is resolved (docs/decisions/0036).
 */
export const RETURN_DECLINE_REASON_MAX_LENGTH = 500;
export const DECLINE_RETURN_ACTION_LABEL = 'Decline return request';
/** The staff reply the shopper reads under Previous requests. */
export const returnDeclinedReply = (reason: string) => `Your return request was declined: ${reason}`;
export const declineReturnRequestSchema = z.object({
  reason: z
    .string({ error: 'Please give a reason for declining.' })
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Please give a reason for declining.' })
        .max(RETURN_DECLINE_REASON_MAX_LENGTH, { error: `Please keep the reason under ${RETURN_DECLINE_REASON_MAX_LENGTH} characters.` })
        .refine((text) => !text.includes('\u0000'), { error: 'The reason contains a character that cannot be saved.' }),
    ),
});
export type DeclineReturnRequest = z.input<typeof declineReturnRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Support queue: GET /api/admin/support, PATCH /api/admin/support/{id}
// ---------------------------------------------------------------------------------------------------

/** The statuses the queue shows when no status is asked for: requests still waiting on staff. */
export const OPEN_SUPPORT_STATUSES: readonly SupportStatus[] = ['open', 'in_progress'];
export const ADMIN_SUPPORT_PAGE_SIZE = 20;
export const STAFF_REPLY_MAX_LENGTH = 2000;

/** GET /api/admin/support?status=&limit=&offset=: oldest first; without status, the open ones. */
export const adminSupportListQuerySchema = z.object({
  status: z.enum(SUPPORT_STATUSES, { error: 'Please choose a valid status.' }).optional(),
  ...pageQuery(ADMIN_SUPPORT_PAGE_SIZE),
});
export const adminSupportListSchema = z.object({ requests: z.array(adminSupportRequestSchema), total: z.number().int() });
export type AdminSupportList = z.infer<typeof adminSupportListSchema>;
export const adminSupportParamsSchema = z.object({ id: intIdSchema('Support request') });

/** PATCH /api/admin/support/{id} {staff_reply?, status?}: at least one; the reply trimmed and not blank. */
export const supportUpdateRequestSchema = z
  .object({
    staff_reply: z
      .string({ error: 'Please write a reply.' })
      .transform((text) => text.trim())
      .pipe(
        z
          .string()
          .min(1, { error: 'Please write a reply.' })
          .max(STAFF_REPLY_MAX_LENGTH, { error: `Please keep the reply under ${STAFF_REPLY_MAX_LENGTH} characters.` })
          .refine((text) => !text.includes('\u0000'), { error: 'The reply contains a character that cannot be saved.' }),
      )
      .optional(),
    status: z.enum(SUPPORT_STATUSES, { error: 'Please choose a valid status.' }).optional(),
  })
  .refine((body) => body.staff_reply !== undefined || body.status !== undefined, { error: 'Please write a reply or choose a status.' });
export type SupportUpdateRequest = z.input<typeof supportUpdateRequestSchema>;

// ---------------------------------------------------------------------------------------------------
// Dashboard: GET /api/admin/dashboard
// ---------------------------------------------------------------------------------------------------

export const DASHBOARD_DAYS = 30;
export const LOW_STOCK_BELOW = 10;
export const TOP_PRODUCTS_COUNT = 10;

/**
 * revenue_by_day: every one of the last 30 India days (today last), zero when nothing was paid: what paid
 * orders paid that day (by the payment's day). orders_by_status: every order past pending, by its status.
 * top_products: by units sold in those 30 days (paid orders, items not cancelled). low_stock: products not
 * archived with fewer than 10 pieces, fewest first.
 */
export const dashboardSchema = z.object({
  revenue_by_day: z.array(z.object({ day: z.string(), revenue: z.number(), orders: z.number().int() })),
  orders_by_status: z.array(z.object({ status: z.enum(ORDER_STATUSES), count: z.number().int() })),
  top_products: z.array(z.object({ item_id: z.number().int().nullable(), title: z.string(), units: z.number().int(), revenue: z.number() })),
  low_stock: z.array(z.object({ item_id: z.number().int(), title: z.string(), catalog: z.string().nullable(), quantity: z.number().int() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;

// ---------------------------------------------------------------------------------------------------

/** The texts of these calls. */
export const ADMIN_OPS_MESSAGES = {
  orderNotFound: "Sorry, we couldn't find any order matching the provided details.",
  itemsMoved: 'Order updated.',
  /** 409: a line is not in the status before the one asked for. */
  cannotMove: (title: string, from: string, to: string) => `"${title}" is ${from} and cannot be marked ${to}.`,
  nothingToMove: (to: string) => `No item of this order can be marked ${to}.`,
  lineNotInOrder: 'One of the chosen items is not part of this order.',
  refunded: 'Refund done.',
  alreadyRefunded: 'This order has already been refunded.',
  nothingToRefund: 'Only items whose return was received can be refunded.',
  notPaidOnline: 'This order was not paid online, so it cannot be refunded here.',
  refundFailed: 'The payment provider could not make the refund. Please try again.',
  /** 409: a refund of the order was asked for and its answer is not recorded yet (docs/decisions/0038). */
  refundInProgress: 'A refund of this order is already in progress. It will be recorded as soon as the payment provider confirms it.',
  /** 200: the provider's answer was lost; the refund stays pending until the sweeper finds out. */
  refundAwaitingProvider: 'The refund was asked for, but the payment provider has not confirmed it yet. It will be recorded as soon as it does.',
  /** A failed refund's reason, shown to staff on the order. */
  refundRefusedByProvider: (description: string) => `The payment provider refused the refund: ${description}`,
  refundFailedAtProvider: 'The payment provider reports that the refund failed. Please try again.',
  refundUnknownToProvider: (checks: number) => `The payment provider has no record of this refund after ${checks} checks, so nothing was refunded. Please try again.`,
  supportNotFound: 'Support request not found.',
  supportUpdated: 'Support request updated.',
  returnDeclined: 'Return request declined.',
  nothingToDecline: 'This order has no return request to decline.',
} as const;
