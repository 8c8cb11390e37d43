/**
 * Razorpay's entities as the store reads them (the fields of types.ts), checked with zod: the client
 * reads REST answers with them, parseWebhookEvent reads webhook bodies with them. Unknown fields are
 * dropped; a missing or mistyped field we read is an error.
 */
import { z } from 'zod';
import type { ProviderOrder, ProviderPayment, ProviderRefund, ProviderWebhook } from './types';

/**
 * Razorpay sends `notes: []` when an entity has none (an empty PHP array) and keeps what was sent, so a
 * number may come back as a number: read as string pairs either way.
 */
const notesSchema = z.preprocess(
  (value) => (Array.isArray(value) || value === null || value === undefined ? {} : value),
  z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? '' : String(v)))),
);
const amount = z.number().int().nonnegative();
const unixSeconds = z.number().int();

export const orderSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('order'),
  amount,
  amount_paid: amount,
  amount_due: amount,
  currency: z.string(),
  receipt: z.string().nullable().default(null),
  status: z.enum(['created', 'attempted', 'paid']),
  attempts: z.number().int().nonnegative(),
  notes: notesSchema,
  created_at: unixSeconds,
}) satisfies z.ZodType<ProviderOrder, unknown>;

export const paymentSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('payment'),
  amount,
  currency: z.string(),
  status: z.enum(['created', 'authorized', 'captured', 'refunded', 'failed']),
  /** '' for a payment made without an order (a payment link, say): none of ours. */
  order_id: z.string().nullable().transform((v) => v ?? ''),
  method: z.string().nullable().transform((v) => v ?? ''),
  captured: z.boolean(),
  amount_refunded: amount,
  error_code: z.string().nullable().default(null),
  error_description: z.string().nullable().default(null),
  notes: notesSchema,
  created_at: unixSeconds,
}) satisfies z.ZodType<ProviderPayment, unknown>;

export const refundSchema = z.object({
  id: z.string().min(1),
  entity: z.literal('refund'),
  amount,
  currency: z.string(),
  payment_id: z.string(),
  notes: notesSchema,
  receipt: z.string().nullable().default(null),
  status: z.enum(['pending', 'processed', 'failed']),
  created_at: unixSeconds,
}) satisfies z.ZodType<ProviderRefund, unknown>;

export const refundCollectionSchema = z.object({
  entity: z.literal('collection'),
  count: z.number().int().nonnegative(),
  items: z.array(refundSchema),
});

export const paymentCollectionSchema = z.object({
  entity: z.literal('collection'),
  count: z.number().int().nonnegative(),
  items: z.array(paymentSchema),
});

export const errorBodySchema = z.object({
  error: z.object({
    code: z.string().min(1),
    description: z.string(),
    source: z.string().nullish(),
    step: z.string().nullish(),
    reason: z.string().nullish(),
    metadata: z.record(z.string(), z.unknown()).nullish(),
    field: z.string().nullish(),
  }),
});

const webhookSchema = z.object({
  entity: z.literal('event'),
  account_id: z.string(),
  event: z.string().min(1),
  contains: z.array(z.string()),
  payload: z.object({
    payment: z.object({ entity: paymentSchema }).optional(),
    order: z.object({ entity: orderSchema }).optional(),
  }),
  created_at: unixSeconds,
}) satisfies z.ZodType<ProviderWebhook, unknown>;

/**
 * A webhook body (already checked against X-Razorpay-Signature) read as Razorpay's event, its entities
 * normalised as the client normalises REST answers (`notes: []` → {}). null when it is not JSON or not
 * an event of that shape; an event about other entities (refund.*, …) keeps an empty payload.
 */
export function parseWebhookEvent(rawBody: string | Uint8Array): ProviderWebhook | null {
  let json: unknown;
  try {
    json = JSON.parse(typeof rawBody === 'string' ? rawBody : Buffer.from(rawBody).toString('utf8'));
  } catch {
    return null;
  }
  const parsed = webhookSchema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
