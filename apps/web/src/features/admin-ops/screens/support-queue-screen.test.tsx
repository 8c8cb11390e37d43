import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AdminSupportRequest } from '@ssd/shared/admin-ops';
import { toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { admin, orderId, supportRequest } from '../test-fixtures';
// Loaded up front so the route's lazy chunk resolves at once.
import './support-queue-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

type Handlers = Record<string, StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>)>;
const queue = (requests: AdminSupportRequest[]) => envelope({ requests, total: requests.length });

async function openQueue(handlers: Handlers, path = '/admin/support') {
  const api = stubStore(handlers);
  const user = userEvent.setup();
  const view = renderApp(path, { session: admin });
  await screen.findByRole('heading', { level: 1, name: 'Support queue' });
  return { api, user, ...view };
}

describe('Support queue', () => {
  it('shows the requests in the order the server gives (oldest first) with the order, the shopper and the message', async () => {
    const { api } = await openQueue({
      'GET /api/admin/support': queue([
        supportRequest({ id: 1, issue_type: 'return', message: 'Colour differs.' }),
        supportRequest({ id: 2, order_id: orderId(2), status: 'in_progress', message: 'Where is it?' }),
      ]),
    });
    const cards = within(await screen.findByRole('list', { name: 'Support requests' })).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByRole('heading')).toHaveTextContent(`Return/Exchange: ${orderId(1)}`);
    expect(within(cards[0]!).getByRole('link', { name: orderId(1) })).toHaveAttribute('href', `/admin/orders/${orderId(1)}`);
    expect(cards[0]).toHaveTextContent("Asha, asha@example.com, Thu, 5th Jan '23, 4:05 pm");
    expect(cards[0]).toHaveTextContent('Colour differs.');
    expect(cards[1]).toHaveTextContent('In progress');
    // Without a status the server answers the queue: open and in progress.
    expect(api.callsTo('GET', '/api/admin/support')[0]!.query.has('status')).toBe(false);
  });

  it('says when the queue is empty, and asks for one status when chosen', async () => {
    const { api, user, router } = await openQueue({ 'GET /api/admin/support': queue([]) });
    expect(await screen.findByText('No open support requests.')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Resolved');
    expect(await screen.findByText('No support requests are resolved.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=resolved');
    expect(api.callsTo('GET', '/api/admin/support').at(-1)!.query.get('status')).toBe('resolved');
  });

  it("refuses a save that changes nothing with the server's message, and sends nothing", async () => {
    const { api, user } = await openQueue({ 'GET /api/admin/support': queue([supportRequest()]) });
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Please write a reply or choose a status.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/support/1')).toHaveLength(0);
  });

  it('asks, then sends the trimmed reply and the new status, and reads the queue again', async () => {
    let requests = [supportRequest()];
    const { api, user } = await openQueue({
      'GET /api/admin/support': () => queue(requests),
      'PATCH /api/admin/support/1': () => {
        requests = [];
        return envelope(supportRequest({ status: 'resolved', staff_reply: 'Sent today.' }), 1, 'Support request updated.');
      },
    });
    await user.type(await screen.findByRole('textbox', { name: 'Reply' }), '  Sent today.  ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Resolved');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Answer support request' });
    expect(dialog).toHaveTextContent('Send this reply to Asha and set the status to Resolved?');
    expect(api.callsTo('PATCH', '/api/admin/support/1')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(toastType(await screen.findByText('Support request updated.'))).toBe('success');
    expect(api.callsTo('PATCH', '/api/admin/support/1').map((call) => call.body)).toEqual([{ staff_reply: 'Sent today.', status: 'resolved' }]);
    expect(await screen.findByText('No open support requests.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends only the status when the reply is the one already given', async () => {
    const { api, user } = await openQueue({
      'GET /api/admin/support': queue([supportRequest({ status: 'in_progress', staff_reply: 'On its way.' })]),
      'PATCH /api/admin/support/1': envelope(supportRequest({ status: 'closed', staff_reply: 'On its way.' }), 1, 'Support request updated.'),
    });
    expect(await screen.findByRole('textbox', { name: 'Reply' })).toHaveValue('On its way.');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Closed');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo('PATCH', '/api/admin/support/1').map((call) => call.body)).toEqual([{ status: 'closed' }]));
  });
});
