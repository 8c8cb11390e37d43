import type { AdminOrderDetail, AdminOrderLine, AdminOrderSummary, AdminSupportRequest, Dashboard } from '@ssd/shared/admin-ops';
import type { TestSession } from '../../test/session-seed';
import { shopper } from '../../test/store-stub';

/*
 * Answers of the admin operations calls as the server sends them (shapes of @ssd/shared/admin-ops),
 * for this feature's component tests. Only the test files import this module.
 */

export const admin: TestSession = { ...shopper, userName: 'Admin', userEmail: 'admin@example.com', userRole: 'ssd_admin' };

export const orderId = (n: number) => `SSD-ORDER${String(n).padStart(5, '0')}`;

export function orderSummary(n: number, overrides: Partial<AdminOrderSummary> = {}): AdminOrderSummary {
  return {
    order_id: orderId(n),
    placed_on: '2023-01-03T10:00:00.000Z',
    status: 'confirmed',
    payment_status: 'success',
    payment_mode: 'online',
    customer_name: 'Asha',
    customer_email: 'asha@example.com',
    amount: 1234.5,
    item_count: 2,
    ...overrides,
  };
}

export function orderLine(overrides: Partial<AdminOrderLine> = {}): AdminOrderLine {
  return {
    line_id: 11,
    item_id: 7,
    title: 'Kanjeevaram Silk Saree',
    image: 'file-7',
    quantity: 1,
    selling_price: 1000,
    gst_amount: 50,
    item_status: 'confirmed',
    item_updated_at: '2023-01-03T10:00:00.000Z',
    ...overrides,
  };
}

export function orderDetail(overrides: Partial<AdminOrderDetail> = {}): AdminOrderDetail {
  return {
    order_id: orderId(1),
    placed_on: '2023-01-03T10:00:00.000Z',
    status: 'confirmed',
    payment_status: 'success',
    payment_mode: 'online',
    payment_id: 'pay_TEST123',
    paid_at: '2023-01-03T10:01:00.000Z',
    amount: 1050,
    amount_paid: 1050,
    customer: {
      name: 'Asha',
      email: 'asha@example.com',
      contact: '9876543210',
      address: { full_name: 'Asha Rao', line1: '12 MG Road', line2: null, city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' },
    },
    lines: [orderLine()],
    refunds: [],
    support_request: null,
    audit: [],
    ...overrides,
  };
}

export function supportRequest(overrides: Partial<AdminSupportRequest> = {}): AdminSupportRequest {
  return {
    id: 1,
    order_id: orderId(1),
    customer_name: 'Asha',
    customer_email: 'asha@example.com',
    issue_type: 'delivery',
    message: 'The parcel has not arrived.',
    status: 'open',
    staff_reply: null,
    replied_at: null,
    created_at: '2023-01-05T10:35:00.000Z',
    updated_at: '2023-01-05T10:35:00.000Z',
    ...overrides,
  };
}

export function dashboard(overrides: Partial<Dashboard> = {}): Dashboard {
  return {
    revenue_by_day: [
      { day: '2023-01-02', revenue: 0, orders: 0 },
      { day: '2023-01-03', revenue: 1050, orders: 1 },
    ],
    orders_by_status: [
      { status: 'confirmed', count: 3 },
      { status: 'delivered', count: 5 },
    ],
    top_products: [{ item_id: 7, title: 'Kanjeevaram Silk Saree', units: 4, revenue: 4000 }],
    low_stock: [{ item_id: 9, title: 'Gold Jhumki', catalog: 'Earrings', quantity: 2 }],
    ...overrides,
  };
}
