import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, toastType } from '../../../test/api-stub';
import { matchMediaController } from '../../../test/match-media';
import { envelope, renderWithStore, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { orderId, shopper, supportRecord } from '../test-fixtures';
import { SupportDialog } from './support-dialog';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

type Handlers = Record<string, StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>)>;

const ORDER = orderId(1);
const LIST = `GET /api/order/support/${ORDER}`;

async function openSupport(handlers: Handlers) {
  const api = stubStore(handlers);
  const onClose = vi.fn();
  const user = userEvent.setup();
  const view = renderWithStore(<SupportDialog orderId={ORDER} onClose={onClose} />, { session: shopper });
  const dialog = await screen.findByRole('dialog', { name: 'Order Support' });
  return { api, user, onClose, dialog, ...view };
}

const description = () => screen.getByRole('textbox', { name: 'Description' });
const issueType = () => screen.getByRole('combobox', { name: 'Issue type' });

describe('Order Support dialog (spec 3 §2, §4, §5)', () => {
  it('shows the order id, the issue types with Delivery first, the description, Close and Submit, and no previous requests', async () => {
    const { dialog, user, onClose } = await openSupport({ [LIST]: envelope([]) });
    expect(dialog).toHaveAccessibleDescription(`Order ID: ${ORDER}`);
    await screen.findByRole('form', { name: 'New support request' });
    expect(issueType()).toHaveValue('delivery');
    expect(within(issueType()).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Delivery',
      'Payment',
      'Quality',
      'Missing item',
      'Wrong item',
      'Return/Exchange',
      'Other',
    ]);
    expect(description()).toHaveAttribute('placeholder', 'Please provide details that help us assist you quickly');
    expect(within(dialog).getByRole('button', { name: 'Submit' })).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Previous requests' })).toBeInTheDocument();
    expect(within(dialog).getByText('No previous requests for this order.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("refuses a blank description with 'Please describe your issue.' and sends nothing", async () => {
    const { api, user, dialog } = await openSupport({ [LIST]: envelope([]) });
    await screen.findByRole('form', { name: 'New support request' });
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Please describe your issue.');
    await user.type(description(), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Please describe your issue.');
    expect(api.callsTo('POST', '/api/order/support')).toHaveLength(0);
  });

  it("sends the chosen type and the trimmed message, says 'Submitting…' meanwhile, then shows the request instead of the form", async () => {
    const answer = deferred<StoreAnswer>();
    let requests = [] as ReturnType<typeof supportRecord>[];
    const { api, user, dialog } = await openSupport({
      [LIST]: () => envelope(requests),
      'POST /api/order/support': () => answer.promise,
    });
    await screen.findByRole('form', { name: 'New support request' });
    await user.selectOptions(issueType(), 'Return/Exchange');
    await user.type(description(), '  The colour is not as shown.  ');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));

    const busy = await within(dialog).findByRole('button', { name: 'Submitting…' });
    expect(busy).toBeDisabled();
    expect(api.callsTo('POST', '/api/order/support').map((call) => call.body)).toEqual([
      { order_id: ORDER, issue_type: 'return', message: 'The colour is not as shown.' },
    ]);

    requests = [supportRecord({ id: 9, issue_type: 'return', message: 'The colour is not as shown.', status: 'open' })];
    answer.resolve(envelope({ id: 9 }, 1, 'Support request created.'));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Support request created.');
    // One request per order: the form gives way to the request's status.
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New support request' })).not.toBeInTheDocument());
    expect(within(dialog).queryByRole('button', { name: /Submit/ })).not.toBeInTheDocument();
    expect(within(dialog).getByText('Status: Open')).toBeInTheDocument();

    const previous = within(dialog).getByRole('list');
    const [item] = within(previous).getAllByRole('listitem');
    expect(item).toHaveTextContent('Return/Exchange');
    expect(item).toHaveTextContent('Open');
    expect(item).toHaveTextContent('The colour is not as shown.');
    expect(item).toHaveTextContent("Thu, 5th Jan '23, 4:05 pm");
  });

  it("hides the form when the order has a request already and shows that request's status", async () => {
    const { dialog } = await openSupport({
      [LIST]: envelope([supportRecord({ status: 'in_progress', issue_type: 'quality', message: 'Torn border.' })]),
    });
    expect(await within(dialog).findByText('Status: In progress')).toBeInTheDocument();
    expect(within(dialog).getByText('A support request already exists for this order.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'New support request' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Submit' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    const [item] = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(item).toHaveTextContent('Quality');
    expect(item).toHaveTextContent('Torn border.');
  });

  it("shows the server's refusal, and 'Failed to create support request.' when it gives no reason", async () => {
    let answer: StoreAnswer = { status: 500, body: { code: -1, message: '', data: null } };
    const { user, dialog } = await openSupport({ [LIST]: envelope([]), 'POST /api/order/support': () => answer });
    await screen.findByRole('form', { name: 'New support request' });
    await user.type(description(), 'Where is my parcel?');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Failed to create support request.');

    answer = { status: 409, body: { code: 0, message: 'A support request already exists for this order.', data: null } };
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('A support request already exists for this order.'));
    // What was typed is kept for another try.
    expect(description()).toHaveValue('Where is my parcel?');
  });

  it("answers -2 with 'Please login to contact support.' and the login screen", async () => {
    const { user, dialog, router } = await openSupport({
      [LIST]: envelope([]),
      'POST /api/order/support': { status: 401, body: { code: -2, message: 'Session expired', data: null } },
    });
    await screen.findByRole('form', { name: 'New support request' });
    await user.type(description(), 'Where is my parcel?');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(toastType(await screen.findByText('Please login to contact support.'))).toBe('warning');
  });

  it("shows staff's reply, with when it was given, and the status they set under Previous requests", async () => {
    const { dialog } = await openSupport({
      [LIST]: envelope([
        supportRecord({ status: 'resolved', staff_reply: 'A new parcel leaves today.', replied_at: '2023-01-06T04:00:00.000Z' }),
      ]),
    });
    expect(await within(dialog).findByText('Status: Resolved')).toBeInTheDocument();
    const [item] = within(within(dialog).getByRole('list')).getAllByRole('listitem');
    expect(item).toHaveTextContent('Resolved');
    expect(item).toHaveTextContent('Reply from SSDA new parcel leaves today.');
    expect(item).toHaveTextContent("Fri, 6th Jan '23, 9:30 am");
  });

  it('shows no reply while staff have not answered', async () => {
    const { dialog } = await openSupport({ [LIST]: envelope([supportRecord()]) });
    await within(dialog).findByText('Status: Open');
    expect(within(dialog).queryByText('Reply from SSD')).not.toBeInTheDocument();
  });

  it('says when the previous requests cannot be read, and Try Again reads them', async () => {
    let up = false;
    const { user, dialog } = await openSupport({
      [LIST]: () => (up ? envelope([supportRecord()]) : { status: 500, body: { code: -1, message: 'Something went wrong.', data: null } }),
    });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong.');
    up = true;
    await user.click(within(dialog).getByRole('button', { name: 'Try Again' }));
    expect(await within(dialog).findByText('Status: Open')).toBeInTheDocument();
  });

  it.each([
    [768, true],
    [390, true],
    [769, false],
    [1280, false],
  ])('at %i px wide it is full-screen: %s', async (width, fullScreen) => {
    matchMediaController.setWidth(width);
    const { dialog } = await openSupport({ [LIST]: envelope([]) });
    expect(dialog.hasAttribute('data-fullscreen')).toBe(fullScreen);
    expect(dialog.className.includes('w-screen')).toBe(fullScreen);
  });
});
