/**
 * The sandbox's records (tables sandbox_orders, sandbox_payments and sandbox_refunds) and their Razorpay entity shapes.
 * Every change is one transaction that locks the row it changes, so several servers on one PostgreSQL
 * act as one provider: an order is paid once, a payment never refunded past its amount.
 */
import { desc, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sandboxOrders, sandboxPayments, sandboxRefunds } from '../db/schema';
import { newOrderId, newPaymentId, newRefundId } from './ids';
import { badRequest } from './razorpay-errors';

type OrderRow = typeof sandboxOrders.$inferSelect;
type PaymentRow = typeof sandboxPayments.$inferSelect;
type RefundRow = typeof sandboxRefunds.$inferSelect;

export const MIN_AMOUNT_PAISE = 100;
/** The columns are int4. */
export const MAX_AMOUNT_PAISE = 2_147_483_647;
export const MAX_RECEIPT_CHARS = 40;
export const MAX_NOTES = 15;
export const MAX_NOTE_CHARS = 256;

export const PAYMENT_FAILED_DESCRIPTION = 'Payment failed';

/** Razorpay answers an empty notes object as `[]` (a PHP empty array); the sandbox does too, so the adapter copes. */
function notesOut(stored: string): Record<string, string> | [] {
  let notes: unknown;
  try {
    notes = JSON.parse(stored);
  } catch {
    notes = {};
  }
  if (!notes || typeof notes !== 'object' || Array.isArray(notes) || Object.keys(notes).length === 0) return [];
  return notes as Record<string, string>;
}

/** Razorpay's order entity. */
export function orderEntity(row: OrderRow) {
  return {
    id: row.id,
    entity: 'order' as const,
    amount: row.amount,
    amount_paid: row.amount_paid,
    amount_due: row.amount - row.amount_paid,
    currency: row.currency,
    receipt: row.receipt,
    offer_id: null,
    status: row.status,
    attempts: row.attempts,
    notes: notesOut(row.notes),
    created_at: row.created_at,
  };
}

/** Razorpay's payment entity (card payments; the fields a card payment has, most of them empty in a sandbox). */
export function paymentEntity(row: PaymentRow) {
  const failed = row.status === 'failed';
  return {
    id: row.id,
    entity: 'payment' as const,
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    order_id: row.order_id,
    invoice_id: null,
    international: false,
    method: row.method,
    amount_refunded: row.amount_refunded,
    refund_status: row.amount_refunded === 0 ? null : row.amount_refunded >= row.amount ? 'full' : 'partial',
    captured: row.captured,
    description: null,
    card_id: null,
    bank: null,
    wallet: null,
    vpa: null,
    email: null,
    contact: null,
    notes: notesOut(row.notes),
    fee: null,
    tax: null,
    error_code: row.error_code,
    error_description: row.error_description,
    error_source: failed ? 'customer' : null,
    error_step: failed ? 'payment_authorization' : null,
    error_reason: failed ? 'payment_failed' : null,
    acquirer_data: {},
    created_at: row.created_at,
  };
}

export type OrderEntity = ReturnType<typeof orderEntity>;
export type PaymentEntity = ReturnType<typeof paymentEntity>;

export interface RefundEntity {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string> | [];
  receipt: string | null;
  acquirer_data: { arn: null };
  created_at: number;
  batch_id: null;
  status: 'processed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** Razorpay's refund entity (every sandbox refund is processed at once, at normal speed). */
export function refundEntity(row: RefundRow): RefundEntity {
  return {
    id: row.id,
    entity: 'refund',
    amount: row.amount,
    currency: row.currency,
    payment_id: row.payment_id,
    notes: notesOut(row.notes),
    receipt: row.receipt,
    acquirer_data: { arn: null },
    created_at: row.created_at,
    batch_id: null,
    status: 'processed',
    speed_processed: 'normal',
    speed_requested: 'normal',
  };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Razorpay's rules for an amount in paise. */
export function checkAmount(value: unknown, field = 'amount'): number {
  if (value === undefined || value === null || value === '') throw badRequest(`The ${field} field is required.`, field);
  const amount = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (typeof amount !== 'number' || !Number.isInteger(amount)) throw badRequest(`The ${field} must be an integer.`, field);
  if (amount < MIN_AMOUNT_PAISE) throw badRequest(`The ${field} must be at least INR 1.00`, field);
  if (amount > MAX_AMOUNT_PAISE) throw badRequest(`The ${field} may not be greater than ${MAX_AMOUNT_PAISE}.`, field);
  return amount;
}

/** Notes: an object of at most 15 pairs, keys and values of at most 256 characters; numbers are kept as text. */
export function checkNotes(value: unknown, field = 'notes'): Record<string, string> {
  if (value === undefined || value === null) return {};
  if (Array.isArray(value) && value.length === 0) return {};
  if (!isPlainObject(value)) throw badRequest('The notes must be an object of key-value pairs.', field);
  const entries = Object.entries(value);
  if (entries.length > MAX_NOTES) throw badRequest(`Number of notes may not be greater than ${MAX_NOTES}.`, field);
  const notes: Record<string, string> = {};
  for (const [key, raw] of entries) {
    if (typeof raw !== 'string' && typeof raw !== 'number' && typeof raw !== 'boolean') {
      throw badRequest(`The notes value for ${key.slice(0, 40)} must be a string.`, field);
    }
    const text = String(raw);
    if (key.length > MAX_NOTE_CHARS || text.length > MAX_NOTE_CHARS) {
      throw badRequest(`Notes keys and values may not be greater than ${MAX_NOTE_CHARS} characters.`, field);
    }
    notes[key] = text;
  }
  return notes;
}

const ORDER_FIELDS = new Set(['amount', 'currency', 'receipt', 'notes', 'payment_capture', 'partial_payment']);

/** POST /v1/orders, validated as Razorpay validates it. */
export async function createOrder(db: Database, body: unknown, nowSeconds: number) {
  if (!isPlainObject(body)) throw badRequest('The request body must be a JSON object.');
  const extra = Object.keys(body).find((key) => !ORDER_FIELDS.has(key));
  if (extra !== undefined) throw badRequest(`${extra.slice(0, 40)} is/are not required and should not be sent`, extra.slice(0, 40));
  const amount = checkAmount(body.amount);
  if (body.currency === undefined || body.currency === null || body.currency === '') throw badRequest('The currency field is required.', 'currency');
  if (body.currency !== 'INR') throw badRequest('Currency is not supported', 'currency');
  let receipt: string | null = null;
  if (body.receipt !== undefined && body.receipt !== null) {
    if (typeof body.receipt !== 'string') throw badRequest('The receipt must be a string.', 'receipt');
    if (body.receipt.length > MAX_RECEIPT_CHARS) throw badRequest(`The receipt may not be greater than ${MAX_RECEIPT_CHARS} characters.`, 'receipt');
    receipt = body.receipt;
  }
  if (body.partial_payment === true || body.partial_payment === 1 || body.partial_payment === '1') {
    throw badRequest('Partial payments are not supported by the sandbox.', 'partial_payment');
  }
  const notes = checkNotes(body.notes);
  const [row] = await db
    .insert(sandboxOrders)
    .values({ id: newOrderId(), amount, amount_paid: 0, currency: 'INR', receipt, status: 'created', attempts: 0, notes: JSON.stringify(notes), created_at: nowSeconds })
    .returning();
  if (!row) throw new Error('the sandbox order was not stored');
  return orderEntity(row);
}

export async function findOrder(db: Database, orderId: string): Promise<OrderRow | null> {
  const [row] = await db.select().from(sandboxOrders).where(eq(sandboxOrders.id, orderId));
  return row ?? null;
}

export async function findPayment(db: Database, paymentId: string): Promise<PaymentRow | null> {
  const [row] = await db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId));
  return row ?? null;
}

/** Every payment attempt on an order, newest first. */
export async function orderPayments(db: Database, orderId: string): Promise<PaymentEntity[]> {
  const rows = await db.select().from(sandboxPayments).where(eq(sandboxPayments.order_id, orderId)).orderBy(desc(sandboxPayments.created_at), desc(sandboxPayments.id));
  return rows.map(paymentEntity);
}

export const unknownId = () => badRequest('The id provided does not exist', 'id');

/**
 * A payment attempt from the checkout: 'success' is a captured card payment that pays the order in full;
 * 'failure' is a failed one that leaves the order attempted. A paid order takes no more payments.
 */
export async function recordPayment(
  db: Database,
  input: { orderId: string; outcome: 'success' | 'failure'; notes: Record<string, string> },
  nowSeconds: number,
): Promise<{ order: OrderEntity; payment: PaymentEntity }> {
  return db.transaction(async (tx) => {
    const [order] = await tx.select().from(sandboxOrders).where(eq(sandboxOrders.id, input.orderId)).for('update');
    if (!order) throw badRequest('The id provided does not exist', 'order_id');
    if (order.status === 'paid') throw badRequest('Order has been already paid', 'order_id');
    const success = input.outcome === 'success';
    const [payment] = await tx
      .insert(sandboxPayments)
      .values({
        id: newPaymentId(),
        order_id: order.id,
        amount: order.amount - order.amount_paid,
        currency: order.currency,
        status: success ? 'captured' : 'failed',
        method: 'card',
        captured: success,
        amount_refunded: 0,
        error_code: success ? null : 'BAD_REQUEST_ERROR',
        error_description: success ? null : PAYMENT_FAILED_DESCRIPTION,
        notes: JSON.stringify(input.notes),
        created_at: nowSeconds,
      })
      .returning();
    const [updated] = await tx
      .update(sandboxOrders)
      .set(success ? { status: 'paid', amount_paid: order.amount, attempts: order.attempts + 1 } : { status: 'attempted', attempts: order.attempts + 1 })
      .where(eq(sandboxOrders.id, order.id))
      .returning();
    if (!payment || !updated) throw new Error('the sandbox payment was not stored');
    return { order: orderEntity(updated), payment: paymentEntity(payment) };
  });
}

/** POST /v1/payments/{id}/refund: full (no amount) or partial; the payment turns 'refunded' once nothing is left. */
export async function refundPayment(
  db: Database,
  paymentId: string,
  body: unknown,
  nowSeconds: number,
): Promise<{ refund: RefundEntity; payment: PaymentEntity }> {
  const input = body === undefined || body === null ? {} : body;
  if (!isPlainObject(input)) throw badRequest('The request body must be a JSON object.');
  const requested = input.amount === undefined || input.amount === null ? null : checkAmount(input.amount);
  const notes = checkNotes(input.notes);
  let receipt: string | null = null;
  if (input.receipt !== undefined && input.receipt !== null) {
    if (typeof input.receipt !== 'string' || input.receipt.length > MAX_RECEIPT_CHARS) {
      throw badRequest(`The receipt may not be greater than ${MAX_RECEIPT_CHARS} characters.`, 'receipt');
    }
    receipt = input.receipt;
  }
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentId)).for('update');
    if (!payment) throw badRequest('The id provided does not exist', 'id');
    if (payment.status === 'refunded') throw badRequest('The payment has been fully refunded already', 'id');
    if (payment.status !== 'captured') throw badRequest('Only payments which have been captured can be refunded', 'id');
    const left = payment.amount - payment.amount_refunded;
    const amount = requested ?? left;
    if (amount > left) throw badRequest('The total refund amount is greater than the refund payment amount', 'amount');
    const refunded = payment.amount_refunded + amount;
    const [updated] = await tx
      .update(sandboxPayments)
      .set({ amount_refunded: refunded, status: refunded >= payment.amount ? 'refunded' : 'captured' })
      .where(eq(sandboxPayments.id, payment.id))
      .returning();
    const [stored] = await tx
      .insert(sandboxRefunds)
      .values({ id: newRefundId(), payment_id: payment.id, amount, currency: payment.currency, receipt, notes: JSON.stringify(notes), created_at: nowSeconds })
      .returning();
    if (!updated || !stored) throw new Error('the sandbox refund was not stored');
    return { refund: refundEntity(stored), payment: paymentEntity(updated) };
  });
}

/** Razorpay's `count` (1 to 100, default 10) and `skip` (0 or more) of a list. */
function listWindow(query: Record<string, unknown>): { count: number; skip: number } {
  const whole = (value: unknown, field: string, min: number, max: number, fallback: number) => {
    if (value === undefined || value === '') return fallback;
    const number = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
    if (!Number.isInteger(number) || number < min || number > max) throw badRequest(`The ${field} must be an integer between ${min} and ${max}.`, field);
    return number;
  };
  return { count: whole(query.count, 'count', 1, 100, 10), skip: whole(query.skip, 'skip', 0, 1_000_000, 0) };
}

/** GET /v1/payments/{id}/refunds?count=&skip=: the payment's refunds, newest first, as a collection. */
export async function paymentRefunds(db: Database, paymentId: string, query: Record<string, unknown>) {
  const { count, skip } = listWindow(query);
  const payment = await findPayment(db, paymentId);
  if (!payment) throw unknownId();
  const rows = await db
    .select()
    .from(sandboxRefunds)
    .where(eq(sandboxRefunds.payment_id, paymentId))
    .orderBy(desc(sandboxRefunds.created_at), desc(sandboxRefunds.id))
    .limit(count)
    .offset(skip);
  const items = rows.map(refundEntity);
  return { entity: 'collection' as const, count: items.length, items };
}
