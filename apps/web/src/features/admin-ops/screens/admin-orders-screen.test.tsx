import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { admin, orderId, orderSummary } from '../test-fixtures';
// Loaded up front so the route's lazy chunk resolves at once.
import './admin-orders-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const LIST = 'GET /api/admin/orders';
type Handler = StoreAnswer | ((call: StoreCall) => StoreAnswer);

async function openOrders(path: string, list: Handler) {
  const api = stubStore({ [LIST]: list });
  const user = userEvent.setup();
  const view = renderApp(path, { session: admin });
  await screen.findByRole('heading', { level: 1, name: 'Orders' });
  return { api, user, ...view, listCalls: () => api.callsTo('GET', '/api/admin/orders') };
}

const page = (orders: ReturnType<typeof orderSummary>[], total = orders.length) => envelope({ orders, total });

describe('Admin orders list (fulfilment)', () => {
  it('lists the orders with a link to each, its customer, status, payment and amount; the sidebar leads here', async () => {
    await openOrders('/admin/orders', page([orderSummary(1), orderSummary(2, { status: 'delivered', customer_email: 'ravi@example.com' })]));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1]!).getByRole('link', { name: orderId(1) })).toHaveAttribute('href', `/admin/orders/${orderId(1)}`);
    expect(rows[1]).toHaveTextContent("Tue, 3rd Jan '23");
    expect(rows[1]).toHaveTextContent('asha@example.com');
    expect(rows[1]).toHaveTextContent('confirmed');
    expect(rows[1]).toHaveTextContent('Online, success');
    expect(rows[1]).toHaveTextContent('₹1,234.50');
    expect(rows[2]).toHaveTextContent('delivered');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Orders' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Support' })).toHaveAttribute('href', '/admin/support');
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/admin/dashboard');
  });

  it('asks with the filters of the address, and Apply puts the form’s filters in the address', async () => {
    const { user, listCalls, router } = await openOrders('/admin/orders?status=shipped&q=asha', page([orderSummary(1)]));
    await screen.findByRole('table');
    expect(Object.fromEntries(listCalls()[0]!.query)).toEqual({ status: 'shipped', q: 'asha', limit: '20', offset: '0' });
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('shipped');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'delivered');
    await user.type(screen.getByLabelText('From'), '2023-01-01');
    await user.type(screen.getByLabelText('To'), '2023-01-31');
    await user.clear(screen.getByRole('searchbox', { name: 'Order id or email' }));
    await user.type(screen.getByRole('searchbox', { name: 'Order id or email' }), ' SSD-ORDER00001 ');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    await waitFor(() => expect(listCalls()).toHaveLength(2));
    expect(Object.fromEntries(listCalls()[1]!.query)).toEqual({
      status: 'delivered',
      from: '2023-01-01',
      to: '2023-01-31',
      q: 'SSD-ORDER00001',
      limit: '20',
      offset: '0',
    });
    expect(router.state.location.search).toBe('?status=delivered&from=2023-01-01&to=2023-01-31&q=SSD-ORDER00001');

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it("refuses a From after To with the server's message and asks nothing", async () => {
    const { user, listCalls } = await openOrders('/admin/orders', page([orderSummary(1)]));
    await screen.findByRole('table');
    await user.type(screen.getByLabelText('From'), '2023-02-01');
    await user.type(screen.getByLabelText('To'), '2023-01-01');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('From must not be after To.');
    expect(listCalls()).toHaveLength(1);
  });

  it('says when no order matches, and shows a failure with Try Again that asks again', async () => {
    let answer: StoreAnswer = envelope(null, -1, 'Failed to connect to our server.');
    const { user, listCalls } = await openOrders('/admin/orders?status=refund_done', () => answer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect to our server.');
    answer = page([]);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No orders match these filters.')).toBeInTheDocument();
    expect(listCalls()).toHaveLength(2);
  });

  it('offers Load more while fewer than the total are shown, asking for the next 20', async () => {
    const first = Array.from({ length: 20 }, (_, i) => orderSummary(i + 1));
    const { user, listCalls } = await openOrders('/admin/orders', (call) =>
      call.query.get('offset') === '0' ? page(first, 21) : page([orderSummary(21)], 21),
    );
    expect(await screen.findByText('Showing 20 of 21')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Showing 21 of 21')).toBeInTheDocument();
    expect(listCalls()[1]!.query.get('offset')).toBe('20');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });
});
