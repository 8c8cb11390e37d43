import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN_OPS_MESSAGES, type AdminOrderDetail } from '@ssd/shared/admin-ops';
import { deferred, toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { admin, orderDetail, orderId, orderLine } from '../test-fixtures';
// Loaded up front so the route's lazy chunk resolves at once.
import './admin-order-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const ID = orderId(1);
const DETAIL = `GET /api/admin/orders/${ID}`;
const MOVE = `POST /api/admin/orders/${ID}/status`;
const REFUND = `POST /api/admin/orders/${ID}/refund`;
type Handlers = Record<string, StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>)>;

async function openOrder(handlers: Handlers) {
  const api = stubStore(handlers);
  const user = userEvent.setup();
  renderApp(`/admin/orders/${ID}`, { session: admin });
  await screen.findByRole('heading', { level: 1, name: `Order ${ID}` });
  return { api, user };
}

const itemsTable = () => screen.findByRole('table', { name: 'Items' });
const rowOf = async (title: string) => within(await itemsTable()).getByRole('cell', { name: title }).closest('tr')!;

describe('Admin order screen (fulfilment, returns, refunds)', () => {
  it('offers each item only the step staff may take from its status', async () => {
    const order = orderDetail({
      lines: [
        orderLine({ line_id: 1, title: 'A confirmed', item_status: 'confirmed' }),
        orderLine({ line_id: 2, title: 'B packed', item_status: 'packed' }),
        orderLine({ line_id: 3, title: 'C shipped', item_status: 'shipped' }),
        orderLine({ line_id: 4, title: 'D out', item_status: 'out_for_delivery' }),
        orderLine({ line_id: 5, title: 'E delivered', item_status: 'delivered' }),
        orderLine({ line_id: 6, title: 'F return asked', item_status: 'return_requested' }),
        orderLine({ line_id: 7, title: 'G return accepted', item_status: 'return_request_accepted' }),
        orderLine({ line_id: 8, title: 'H cancelled', item_status: 'cancelled' }),
        orderLine({ line_id: 9, title: 'I refunded', item_status: 'refund_done' }),
      ],
    });
    await openOrder({ [DETAIL]: envelope(order) });
    const buttonsOf = async (title: string) => within(await rowOf(title)).queryAllByRole('button').map((button) => button.textContent);
    expect(await buttonsOf('A confirmed')).toEqual(['Mark packed']);
    expect(await buttonsOf('B packed')).toEqual(['Mark shipped']);
    expect(await buttonsOf('C shipped')).toEqual(['Mark out for delivery']);
    expect(await buttonsOf('D out')).toEqual(['Mark delivered']);
    expect(await buttonsOf('E delivered')).toEqual([]);
    expect(await buttonsOf('F return asked')).toEqual(['Accept return request']);
    expect(await buttonsOf('G return accepted')).toEqual(['Mark return received']);
    expect(await buttonsOf('H cancelled')).toEqual([]);
    expect(await buttonsOf('I refunded')).toEqual([]);
    // Nothing has been received back yet: nothing to refund.
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('asks before moving an item; Cancel sends nothing; confirming sends the line and shows the order as it now is', async () => {
    const answer = deferred<StoreAnswer>();
    const moved: AdminOrderDetail = orderDetail({ status: 'packed', lines: [orderLine({ item_status: 'packed' })] });
    const { api, user } = await openOrder({ [DETAIL]: envelope(orderDetail()), [MOVE]: () => answer.promise });
    await user.click(within(await rowOf('Kanjeevaram Silk Saree')).getByRole('button', { name: 'Mark packed: Kanjeevaram Silk Saree' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark packed' });
    expect(dialog).toHaveTextContent('Move "Kanjeevaram Silk Saree" from confirmed to packed?');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/status`)).toHaveLength(0);

    await user.click(within(await rowOf('Kanjeevaram Silk Saree')).getByRole('button', { name: /^Mark packed/ }));
    dialog = await screen.findByRole('dialog', { name: 'Mark packed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark packed' }));
    expect(await within(dialog).findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/status`).map((call) => call.body)).toEqual([{ status: 'packed', line_ids: [11] }]);

    answer.resolve(envelope(moved, 1, 'Order updated.'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(toastType(await screen.findByText('Order updated.'))).toBe('success');
    const row = await rowOf('Kanjeevaram Silk Saree');
    expect(row).toHaveTextContent('packed');
    expect(within(row).getByRole('button')).toHaveTextContent('Mark shipped');
  });

  it("keeps the dialog open with the server's refusal, and reads the order again", async () => {
    let reads = 0;
    const { api, user } = await openOrder({
      [DETAIL]: () => {
        reads += 1;
        return envelope(orderDetail());
      },
      [MOVE]: { status: 409, body: { code: 0, message: '"Kanjeevaram Silk Saree" is packed and cannot be marked packed.', data: null } },
    });
    await user.click(within(await rowOf('Kanjeevaram Silk Saree')).getByRole('button', { name: /^Mark packed/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark packed' });
    await user.click(within(dialog).getByRole('button', { name: 'Mark packed' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('"Kanjeevaram Silk Saree" is packed and cannot be marked packed.');
    await waitFor(() => expect(reads).toBe(2));
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/status`)).toHaveLength(1);
  });

  it('refunds received returns through the provider after asking, and shows the refund', async () => {
    const returned = orderDetail({ status: 'return_accepted', lines: [orderLine({ item_status: 'return_accepted' })] });
    const refunded = orderDetail({
      status: 'refund_done',
      lines: [orderLine({ item_status: 'refund_done' })],
      refunds: [{ refund_id: 'rfnd_ABC', amount: 1050, reason: 'return', created_at: '2023-01-09T10:00:00.000Z', status: 'done', error: null }],
    });
    const { api, user } = await openOrder({ [DETAIL]: envelope(returned), [REFUND]: envelope(refunded, 1, 'Refund done.') });
    expect(within(await rowOf('Kanjeevaram Silk Saree')).queryByRole('button')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund' });
    expect(dialog).toHaveTextContent(`Refund Kanjeevaram Silk Saree to the shopper through the payment provider?`);
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/refund`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Refund' }));
    expect(toastType(await screen.findByText('Refund done.'))).toBe('success');
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/refund`)).toHaveLength(1);
    expect(await screen.findByText(/rfnd_ABC: ₹1,050.00 \(returned items\)/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).not.toBeInTheDocument();
  });

  it('shows a pending refund, and holds the Refund button while it is in progress', async () => {
    const key = '0b7c5f6e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';
    const pending = orderDetail({
      status: 'return_accepted',
      lines: [orderLine({ item_status: 'return_accepted' })],
      refunds: [{ refund_id: key, amount: null, reason: 'return', created_at: '2023-01-09T10:00:00.000Z', status: 'pending', error: null }],
    });
    const { api, user } = await openOrder({ [DETAIL]: envelope(pending) });
    expect(await screen.findByText(new RegExp(`${key}: the rest of the payment`))).toHaveTextContent('— pending: waiting for the payment provider to confirm it');
    expect(screen.getByText(ADMIN_OPS_MESSAGES.refundInProgress)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/refund`)).toHaveLength(0);
  });

  it('shows a failed refund with its reason, and Refund stays available to try again', async () => {
    const reason = ADMIN_OPS_MESSAGES.refundRefusedByProvider('The payment has been fully refunded already');
    const failed = orderDetail({
      status: 'return_accepted',
      lines: [orderLine({ item_status: 'return_accepted' })],
      refunds: [{ refund_id: 'key-1', amount: 1050, reason: 'return', created_at: '2023-01-09T10:00:00.000Z', status: 'failed', error: reason }],
    });
    await openOrder({ [DETAIL]: envelope(failed) });
    expect(await screen.findByText(/key-1: ₹1,050.00 \(returned items\)/)).toHaveTextContent(`— failed: ${reason}`);
    expect(screen.queryByText(ADMIN_OPS_MESSAGES.refundInProgress)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Refund' })).toBeEnabled();
  });

  it("says so when there is no such order", async () => {
    await openOrder({
      [DETAIL]: { status: 404, body: { code: 0, message: "Sorry, we couldn't find any order matching the provided details.", data: null } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent("Sorry, we couldn't find any order matching the provided details.");
    expect(screen.getByRole('link', { name: 'Back to orders' })).toHaveAttribute('href', '/admin/orders');
  });
});
