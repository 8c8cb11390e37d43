import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer } from '../../../test/store-stub';
import { admin, orderDetail, orderId, orderLine } from '../test-fixtures';
// Loaded up front so the route's lazy chunk resolves at once.
import '../screens/admin-order-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const ID = orderId(1);
const DETAIL = `GET /api/admin/orders/${ID}`;
const DECLINE = `POST /api/admin/orders/${ID}/decline-return`;

async function openOrder(handlers: Record<string, StoreAnswer>) {
  const api = stubStore(handlers);
  const user = userEvent.setup();
  renderApp(`/admin/orders/${ID}`, { session: admin });
  await screen.findByRole('heading', { level: 1, name: `Order ${ID}` });
  return { api, user };
}

const asked = orderDetail({ status: 'return_requested', lines: [orderLine({ item_status: 'return_requested' })] });

describe('Declining a return request on the admin order screen', () => {
  it('asks for a reason first, then sends it and shows the order as it now is', async () => {
    const declined = orderDetail({ status: 'delivered', lines: [orderLine({ item_status: 'delivered' })] });
    const { api, user } = await openOrder({ [DETAIL]: envelope(asked), [DECLINE]: envelope(declined, 1, 'Return request declined.') });
    await user.click(await screen.findByRole('button', { name: 'Decline return request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline return request' });
    expect(dialog).toHaveTextContent('Decline the return of Kanjeevaram Silk Saree?');

    // A blank reason is refused here, with the server's own message, and nothing is sent.
    await user.click(within(dialog).getByRole('button', { name: 'Decline return request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please give a reason for declining.');
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/decline-return`)).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), '  The item has been used. ');
    await user.click(within(dialog).getByRole('button', { name: 'Decline return request' }));
    expect(toastType(await screen.findByText('Return request declined.'))).toBe('success');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/decline-return`).map((call) => call.body)).toEqual([{ reason: 'The item has been used.' }]);
    expect(screen.queryByRole('button', { name: 'Decline return request' })).not.toBeInTheDocument();
  });

  it('Cancel sends nothing; the button shows only while a return is asked for', async () => {
    const { api, user } = await openOrder({ [DETAIL]: envelope(asked) });
    await user.click(await screen.findByRole('button', { name: 'Decline return request' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('POST', `/api/admin/orders/${ID}/decline-return`)).toHaveLength(0);
  });

  it("keeps the dialog open with the server's refusal", async () => {
    const { user } = await openOrder({
      [DETAIL]: envelope(asked),
      [DECLINE]: { status: 409, body: { code: 0, message: 'This order has no return request to decline.', data: null } },
    });
    await user.click(await screen.findByRole('button', { name: 'Decline return request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline return request' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Outside the return policy.');
    await user.click(within(dialog).getByRole('button', { name: 'Decline return request' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('This order has no return request to decline.');
  });
});
