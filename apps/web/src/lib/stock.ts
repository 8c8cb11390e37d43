/** True when the stock allows buying (spec 2 §5: a quantity missing, 0 or less is out of stock). */
export function inStock(quantity: number | null | undefined): boolean {
  return typeof quantity === 'number' && quantity > 0;
}
