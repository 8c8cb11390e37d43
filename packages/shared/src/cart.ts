import { z } from './zod';
import { productIdSchema } from './input';

/** Contracts of the cart screen's calls (spec 3 §3, §5, §7). Prices in rupees, as the spec shows them. */

/** GET /api/cart/list: one row per product in the cart, oldest first; item_quantity is the stock left. */
export const cartItemSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail_image: z.string(),
  price: z.number(),
  market_price: z.number().nullable(),
  cart_quantity: z.number().int(),
  item_quantity: z.number().int(),
});
export type CartItem = z.infer<typeof cartItemSchema>;
export const cartListSchema = z.array(cartItemSchema);

/** PATCH /api/cart/update/quantity {item_id, type}: one unit more or less; answers the changed row. */
export const updateCartQuantityRequestSchema = z.object({
  item_id: productIdSchema,
  type: z.enum(['inc', 'dec'], { error: "Type must be 'inc' or 'dec'." }),
});


export { CART_MESSAGES } from './cart-messages';
