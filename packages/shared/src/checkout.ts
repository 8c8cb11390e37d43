import { z } from './zod';
import { productIdSchema } from './input';

/**
 * Contracts of the checkout calls (spec 3 §3 and §7). Prices are rupees with two decimals, as the
 * spec shows them; the server computes every amount.
 */

/** The most units of one product in one checkout, and the most lines. */
export const MAX_UNITS_PER_LINE = 50;
export const MAX_LINES_PER_CHECKOUT = 50;

const reserveLineSchema = z.object({
  item_id: productIdSchema,
  quantity: z
    .number({ error: 'Quantity must be a whole number.' })
    .int({ error: 'Quantity must be a whole number.' })
    .min(1, { error: 'Quantity should be 1 or more.' })
    .max(MAX_UNITS_PER_LINE, { error: `At most ${MAX_UNITS_PER_LINE} units of one product can be ordered at once.` }),
});

/** POST /api/order/reserve {items: [{item_id, quantity}]}: every line held, or none. */
export const reserveRequestSchema = z.object({
  items: z
    .array(reserveLineSchema)
    .min(1, { error: 'There is nothing to reserve.' })
    .max(MAX_LINES_PER_CHECKOUT, { error: `At most ${MAX_LINES_PER_CHECKOUT} products can be ordered at once.` })
    .refine((lines) => new Set(lines.map((line) => line.item_id)).size === lines.length, {
      error: 'Each product may appear only once.',
    }),
});
export type ReserveRequest = z.infer<typeof reserveRequestSchema>;

/** A reservation or order line as the checkout shows it (spec 3 §3). */
export const checkoutLineSchema = z.object({
  id: z.number().int().nullable(),
  title: z.string(),
  thumbnail_image: z.string(),
  selling_price: z.number(),
  original_price: z.number(),
  quantity: z.number().int(),
  applied_gst_rate: z.number(),
  gst_amount: z.number(),
});
export type CheckoutLine = z.infer<typeof checkoutLineSchema>;

/** The reservation (spec 3 §3); payable_amount is ours, so the client never adds the totals itself. */
export const reservationSchema = z.object({
  reservation_id: z.uuid(),
  items: z.array(checkoutLineSchema),
  total_sp: z.number(),
  total_cp: z.number(),
  platform_fee: z.number(),
  gst_total: z.number(),
  delivery_charge: z.number(),
  payable_amount: z.number(),
  reservation_created_at: z.iso.datetime(),
  reservation_expiry: z.iso.datetime(),
});
export type Reservation = z.infer<typeof reservationSchema>;

/** PATCH /api/order/reserve/status {id, status}: the shopper lets the hold go (spec: expired; cancelled is ours). */
export const reservationStatusRequestSchema = z.object({
  id: z.uuid({ error: 'Reservation id must be a UUID.' }),
  status: z.enum(['expired', 'cancelled'], { error: "Status must be 'expired' or 'cancelled'." }),
});

export const CHECKOUT_MESSAGES = {
  reserved: 'Reservation created',
  reservationReleased: 'Reservation cancelled',
  reservationNotFound: 'Reservation not found.',
  outOfStock: (title: string) => `'${title}' is out of stock.`,
  notEnoughStock: (title: string, left: number) => `Only ${left} unit(s) of '${title}' left.`,
  productGone: 'A product in your order is no longer available.',
} as const;
