import { MAX_UNITS_PER_LINE } from './constants';

/**
 * The cart's texts (spec 3 §2, §5, §8), free of zod so the web's cart chunk can import them without the
 * contracts (docs/decisions/0015). The server sends these words; the screen uses them when it says
 * something itself or the server sent none.
 */
export const CART_MESSAGES = {
  quantityUpdated: (units: number) => `quantity updated to ${units} unit(s)`,
  atLeastOne: 'Quantity should be 1 or more.',
  exceedsStock: 'The requested quantity exceeds our stock.',
  atMost: `At most ${MAX_UNITS_PER_LINE} units of one product can be ordered at once.`,
  notInCart: 'This product is not in your cart.',
  couldNotUpdate: (title: string) => `Sorry, could not update '${title}' quantity.`,
} as const;
