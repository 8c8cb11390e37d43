import { z } from './zod';
import { MAX_LINES_PER_CHECKOUT, MAX_UNITS_PER_LINE } from './constants';
import { addressIdSchema } from './addresses';
import { productIdSchema } from './input';

/**
 * Contracts of the checkout calls (spec 3 §3 and §7). Prices are rupees with two decimals, as the
 * spec shows them; the server computes every amount.
 */

export { MAX_LINES_PER_CHECKOUT, MAX_UNITS_PER_LINE };

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
  productGoneNamed: (title: string) => `'${title}' is no longer available.`,
} as const;

/** POST /api/order/create {reservation_id}; address_id (ours) picks the delivery address, else the default one. */
export const createOrderRequestSchema = z.object({
  reservation_id: z.uuid({ error: 'Reservation id must be a UUID.' }),
  address_id: addressIdSchema.optional(),
});

/** The order id we show and send to the provider as the receipt: SSD- and 10 letters or digits. */
export const ORDER_ID_PATTERN = /^SSD-[A-Z0-9]{10}$/;
export const orderIdSchema = z.string({ error: 'Order id is not valid.' }).regex(ORDER_ID_PATTERN, { error: 'Order id is not valid.' });
export const orderIdParamsSchema = z.object({ id: orderIdSchema });

export const customerDetailsSchema = z.object({
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  address: z.object({
    full_name: z.string(),
    line1: z.string(),
    line2: z.string().nullable(),
    city: z.string(),
    state: z.string(),
    pin_code: z.string(),
  }),
});
export type CustomerDetails = z.infer<typeof customerDetailsSchema>;

/**
 * The created order (spec 3 §3: the payment provider's order with ours around it): id is the provider's
 * order id and amount_due is in paise, as the provider shows them; the rest are rupees. order_id, key,
 * currency, checkout_script and the GST split are ours, so the client opens the checkout without
 * knowing any secret or recomputing anything.
 */
export const createdOrderSchema = z.object({
  id: z.string(),
  order_id: z.string(),
  amount_due: z.number().int(),
  currency: z.literal('INR'),
  notes: z.object({ order_id: z.string() }),
  expiry_at: z.iso.datetime(),
  cart_details: z.array(
    z.object({
      item_id: z.number().int().nullable(),
      title: z.string(),
      thumbnail_image: z.string(),
      selling_price: z.number(),
      original_price: z.number(),
      quantity: z.number().int(),
      applied_gst_rate: z.number(),
      gst_amount: z.number(),
    }),
  ),
  total_sp: z.number(),
  delivery_charge: z.number(),
  platform_fee: z.number(),
  gst_total: z.number(),
  gst_split: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() }),
  customer_details: customerDetailsSchema,
  key: z.string(),
  checkout_script: z.string(),
});
export type CreatedOrder = z.infer<typeof createdOrderSchema>;

/** PATCH /api/order/status {id, status}: the shopper ends their own pending order. */
export const orderStatusRequestSchema = z.object({
  id: orderIdSchema,
  status: z.enum(['cancelled', 'expired', 'failed'], { error: "Status must be 'cancelled', 'expired' or 'failed'." }),
});

/**
 * POST /api/verify/order/payment (ours): what the provider's checkout handed the page on success. The
 * signature is checked against the provider order we stored for this order; the payment itself is then
 * asked of the provider, so the page's word alone never marks an order paid.
 */
export const paymentHandlerResultSchema = z.object({
  order_id: orderIdSchema,
  razorpay_payment_id: z.string().regex(/^pay_[A-Za-z0-9]{1,40}$/, { error: 'Payment id is not valid.' }),
  razorpay_order_id: z.string().regex(/^order_[A-Za-z0-9]{1,40}$/, { error: 'Provider order id is not valid.' }),
  razorpay_signature: z.string().regex(/^[0-9a-f]{64}$/, { error: 'Payment signature is not valid.' }),
});

/** GET /api/verify/order/status/{id} and /api/verify/order/payment/status/{id}. */
export const orderStatusDataSchema = z.object({ status: z.string(), payment_status: z.string() });

export const ORDER_MESSAGES = {
  created: 'Order created',
  notFound: 'Order not found.',
  reservationExpired: 'Your reservation has expired. Please check out again.',
  reservationEnded: 'This reservation has ended. Please check out again.',
  addressNeeded: 'Please add a delivery address before placing the order.',
  addressNotFound: 'Delivery address not found.',
  notPending: 'This order can no longer be changed.',
  statusUpdated: (status: string) => `Order ${status}`,
  providerUnavailable: 'Failed to connect to the payment provider. Please try again.',
  signatureInvalid: 'The payment could not be verified.',
} as const;
