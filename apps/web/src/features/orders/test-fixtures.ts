import type { OrderDetails, OrderInHistory, OrderItem, SupportRequestRecord } from '@ssd/shared/orders';
import type { OrderStatus } from '@ssd/shared/status';

/*
 * Answers of the orders calls as the server sends them (shapes of @ssd/shared/orders), for the
 * orders' component tests. Only the test files import this module.
 */

/** A shopper with an empty cart and wishlist, signed in. */
export { shopper } from '../../test/store-stub';

/** Order ids have the server's shape: SSD- and 10 letters or digits. */
export const orderId = (n: number) => `SSD-ORDER${String(n).padStart(5, '0')}`;

/** 3 Jan 2023 was a Tuesday: "Tue, 3rd Jan '23". */
export const PLACED_ON = '2023-01-03T10:00:00.000Z';

export function historyOrder(n: number, status: OrderStatus = 'delivered', items?: OrderInHistory['items']): OrderInHistory {
  return {
    order_id: orderId(n),
    placed_on: PLACED_ON,
    order_status: status,
    items: items ?? [
      { item_id: n * 10 + 1, item_status: status, image: `file-${n}-1`, title: `Saree ${n}`, item_title: `Saree ${n}` },
      { item_id: n * 10 + 2, item_status: status, image: `file-${n}-2`, title: `Jhumki ${n}`, item_title: `Jhumki ${n}` },
    ],
  };
}

export function orderItem(overrides: Partial<OrderItem> = {}): OrderItem {
  return {
    item_id: 7,
    item_title: 'Kanjeevaram Silk Saree',
    item_image: 'file-7',
    item_selling_price: 1000,
    item_original_price: 1500,
    quantity: 2,
    item_status: 'delivered',
    item_updated_at: '2023-01-10T06:00:00.000Z',
    applied_gst_rate: 5,
    gst_amount: 100,
    ...overrides,
  };
}

export function orderDetails(overrides: Partial<OrderDetails> = {}): OrderDetails {
  return {
    order_id: orderId(1),
    order_placed_on: PLACED_ON,
    order_status: 'delivered',
    original_price: 3000,
    order_savings: 1000,
    coupon_discount: 0,
    delivery_charge: 0,
    gst_total: 100,
    platform_fee: 10,
    order_total_sp: 2000,
    payment_mode: 'online',
    payment_status: 'success',
    payment_id: 'pay_123ABC',
    order_amount_paid: 2110,
    payable_amount: 2110,
    gst_split: { cgst: 50, sgst: 50, igst: 0 },
    customer_details: {
      name: 'Asha',
      email: 'asha@example.com',
      contact: '9876543210',
      address: { full_name: 'Asha Rao', line1: '12 MG Road', line2: 'Near the park', city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' },
    },
    invoice_number: 'SSD/2022-23/000042',
    items: [orderItem()],
    ...overrides,
  };
}

export function supportRecord(overrides: Partial<SupportRequestRecord> = {}): SupportRequestRecord {
  return {
    id: 1,
    order_id: orderId(1),
    issue_type: 'delivery',
    message: 'The parcel has not arrived.',
    status: 'open',
    created_at: '2023-01-05T10:35:00.000Z',
    staff_reply: null,
    replied_at: null,
    ...overrides,
  };
}
