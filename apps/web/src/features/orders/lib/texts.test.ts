import { describe, expect, it } from 'vitest';
import { createdTimeText, placedOnText, reorderAddedText, reorderSkippedText } from './texts';

describe('orders texts', () => {
  it("dates an order like \"Tue, 3rd Jan '25\" in India time", () => {
    expect(placedOnText('2023-01-03T10:00:00.000Z')).toBe("Placed on Tue, 3rd Jan '23");
    // 20:00 UTC is already the next day in India.
    expect(placedOnText('2023-01-03T20:00:00.000Z')).toBe("Placed on Wed, 4th Jan '23");
  });

  it('gives a support request its date and time', () => {
    expect(createdTimeText('2023-01-03T10:35:00.000Z')).toBe("Tue, 3rd Jan '23, 4:05 pm");
  });

  it('says which reordered items went into the cart and which could not, and why', () => {
    expect(reorderAddedText([{ item_id: 1, title: 'Silk Saree' }, { item_id: 2, title: 'Gold Jhumki' }])).toBe(
      'Added to cart: Silk Saree, Gold Jhumki.',
    );
    expect(
      reorderSkippedText([
        { item_id: 3, title: 'Kota Suit', reason: 'out_of_stock' },
        { item_id: null, title: 'Old Bangle', reason: 'gone' },
      ]),
    ).toBe('Could not add: Kota Suit (out of stock), Old Bangle (no longer sold).');
  });
});
