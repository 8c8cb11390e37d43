import { describe, expect, it } from 'vitest';
import { QUANTITY_MESSAGES, unitsLeftText, validateQuantity } from './quantity';

describe('direct-buy quantity (spec 2 §5)', () => {
  it.each([0, -1, 1.5, Number.NaN])("refuses %s with 'Please select item quantity greater than 0.'", (quantity) => {
    expect(validateQuantity(quantity, 5)).toBe('Please select item quantity greater than 0.');
  });

  it("refuses more than the stock with 'Requested quantity is not available.'", () => {
    expect(validateQuantity(6, 5)).toBe(QUANTITY_MESSAGES.tooMany);
    expect(QUANTITY_MESSAGES.tooMany).toBe('Requested quantity is not available.');
  });

  it('accepts 1 up to the stock', () => {
    expect(validateQuantity(1, 5)).toBeNull();
    expect(validateQuantity(5, 5)).toBeNull();
  });

  it("says 'Only 1 unit left' and 'Only 4 units left'", () => {
    expect(unitsLeftText(1)).toBe('Only 1 unit left');
    expect(unitsLeftText(4)).toBe('Only 4 units left');
  });
});
