/** Direct-buy quantity rules (spec 2 Product detail, §5). */
export const QUANTITY_MESSAGES = {
  tooFew: 'Please select item quantity greater than 0.',
  tooMany: 'Requested quantity is not available.',
  notAvailable: 'Not available',
} as const;

/** null when the quantity can be ordered, else the message that says why not. */
export function validateQuantity(quantity: number, stock: number): string | null {
  if (!Number.isInteger(quantity) || quantity <= 0) return QUANTITY_MESSAGES.tooFew;
  if (quantity > stock) return QUANTITY_MESSAGES.tooMany;
  return null;
}

/** 'Only 1 unit left', 'Only 4 units left'. */
export function unitsLeftText(stock: number): string {
  return `Only ${stock} ${stock === 1 ? 'unit' : 'units'} left`;
}
