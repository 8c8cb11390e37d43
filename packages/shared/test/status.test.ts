import { describe, expect, it } from 'vitest';
import { orderStatusLabel, PAYMENT_MODE_LABELS } from '../src/status';
import { assetUrl } from '../src/assets';
import { pageTitle } from '../src/constants';

describe('status labels (spec 3 §4)', () => {
  it('labels each status as the spec does', () => {
    expect(orderStatusLabel('failed')).toBe('Payment Failed');
    expect(orderStatusLabel('refund_done')).toBe('Returned and refunded');
    expect(orderStatusLabel('return_request_accepted')).toBe('Return request accepted');
    expect(orderStatusLabel('out_for_delivery')).toBe('out for delivery');
    expect(orderStatusLabel('confirmed')).toBe('confirmed');
  });
  it('shows an unknown status as it came', () => {
    expect(orderStatusLabel('on_hold')).toBe('on_hold');
  });
  it('labels payment modes', () => {
    expect(PAYMENT_MODE_LABELS.cod).toBe('Cash on delivery');
    expect(PAYMENT_MODE_LABELS.online).toBe('Online');
  });
});

describe('assetUrl', () => {
  it('turns a file id into a content asset path and keeps URLs', () => {
    expect(assetUrl('abc-123')).toBe('/content/assets/abc-123');
    expect(assetUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(assetUrl(null)).toBeNull();
  });
});

describe('pageTitle', () => {
  it("reads '{title} | SSD'", () => {
    expect(pageTitle('Fabrics')).toBe('Fabrics | SSD');
  });
});
