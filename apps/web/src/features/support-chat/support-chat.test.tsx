import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderInHistory } from '@ssd/shared/orders';
import type { OrderStatus } from '@ssd/shared/status';
import { subscribeLoginNeeded } from '../../lib/api-client';
import { useSession } from '../../lib/session';
import { matchMediaController } from '../../test/match-media';
import { deferred, toastType } from '../../test/api-stub';
import { envelope, renderWithStore, shopper, stubStore, type StoreAnswer } from '../../test/store-stub';
import SupportChat from './support-chat';

/*
 * The support chatbot (spec 1 §4, §8) as a shopper uses it, against stubbed answers of the three calls
 * (spec 1 §7). Every message is checked word for word.
 */

const LIST = 'GET /api/order/list';
const status = (orderId: string) => `GET /api/verify/order/status/${orderId}`;
const SUPPORT = 'POST /api/order/support';

const order = (id: string, orderStatus: OrderStatus): OrderInHistory => ({
  order_id: id,
  placed_on: '2025-01-03T06:30:00.000Z',
  order_status: orderStatus,
  items: [{ item_id: 1, item_status: orderStatus, image: '/assets/a.webp', title: 'Silk saree', item_title: 'Silk saree' }],
});

const SHIPPED = order('SSD-SHIPPED001', 'shipped');
const DELIVERED = order('SSD-DELIVER001', 'delivered');
const PENDING = order('SSD-PENDING001', 'pending');

const EXPIRED_TEXT = 'Looks like your session has expired. Please log in again to view your confirmed orders.';

/** The footer's part, in small: a button that opens the chat, which closes itself. */
function Harness() {
  const [open, setOpen] = useState(false);
  const { isLoggedIn } = useSession();
  return (
    <>
      <p>{isLoggedIn ? 'signed in' : 'signed out'}</p>
      <button type="button" onClick={() => setOpen(true)}>
        Open chat
      </button>
      {open ? <SupportChat onClose={() => setOpen(false)} /> : null}
    </>
  );
}

/** Opens the chat for the shopper, or for a visitor (`null`). */
async function openChat(handlers: Record<string, StoreAnswer | (() => StoreAnswer | Promise<StoreAnswer>)>, session: typeof shopper | null = shopper) {
  const api = stubStore(handlers);
  const user = userEvent.setup();
  const view = renderWithStore(<Harness />, { session: session ?? undefined });
  await user.click(screen.getByRole('button', { name: 'Open chat' }));
  const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
  return { ...view, api, user, dialog };
}

const log = () => screen.getByRole('log', { name: 'Conversation' });
const replies = () => screen.getByRole('group', { name: 'Replies' });
/** The conversation, one line per message, as a screen reader reads it. */
const conversation = () => [...log().children].map((message) => message.textContent);
/** The replies offered, buttons and links in the order shown. */
const replyNames = () => [...replies().querySelectorAll('button, a')].map((element) => element.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('opening the chat', () => {
  it('is a dialog labelled Support Chat: a greeting in a live region, the four issues, focus on the first', async () => {
    const { api } = await openChat({});
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(conversation()).toEqual(['Support: Hi! How can I help you today?']);
    expect(replyNames()).toEqual(['Track my order status', 'Payment issue', 'Damaged or defective item', 'Return or exchange']);
    await waitFor(() => expect(within(replies()).getByRole('button', { name: 'Track my order status' })).toHaveFocus());
    expect(api.calls).toHaveLength(0);
  });

  it('a visitor is asked to log in: Log in (with the warning toast, to the login screen) and Close chat', async () => {
    const { api, user, router } = await openChat({}, null);
    expect(conversation()).toEqual(['Support: Please log in to chat with support.']);
    expect(replyNames()).toEqual(['Log in', 'Close chat']);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.state).toEqual({ from: '/here' });
    expect(toastType(await screen.findByText('Please log in to chat with support.'))).toBe('warning');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('Close chat closes it and gives focus back to what opened it', async () => {
    const { user } = await openChat({}, null);
    await user.click(screen.getByRole('button', { name: 'Close chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus());
  });

  it('Escape closes it, as does the close button of its header', async () => {
    const { user } = await openChat({});
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Open chat' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Open chat' }));
    await user.click(await screen.findByRole('button', { name: 'Close support chat' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('full screen up to 640 px: modal, Tab stays inside, the page does not scroll; a floating window above', async () => {
    matchMediaController.setWidth(640);
    const { user, dialog } = await openChat({});
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    // Last reply → Tab → the header's close button, the first control of the dialog.
    within(replies()).getByRole('button', { name: 'Return or exchange' }).focus();
    await user.tab();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close support chat' })).toHaveFocus());
    await user.tab({ shift: true });
    await waitFor(() => expect(within(replies()).getByRole('button', { name: 'Return or exchange' })).toHaveFocus());

    matchMediaController.setWidth(641);
    await waitFor(() => expect(dialog).not.toHaveAttribute('aria-modal'));
    expect(document.body.style.overflow).toBe('');
  });
});

describe("'Track my order status'", () => {
  it('fetches 10 orders, offers the confirmed ones, reads the chosen one’s status, says it, and raises a delivery request', async () => {
    const orders = deferred<StoreAnswer>();
    const ticket = deferred<StoreAnswer>();
    const { api, user } = await openChat({
      [LIST]: () => orders.promise,
      [status(SHIPPED.order_id)]: envelope({ status: 'shipped', payment_status: 'success' }),
      [SUPPORT]: () => ticket.promise,
    });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));

    // loadingOrders: the choice is in the conversation, nothing to choose, a note says what happens.
    expect(conversation()).toEqual(['Support: Hi! How can I help you today?', 'You: Track my order status']);
    expect(within(replies()).getByRole('status')).toHaveTextContent('Looking up your orders…');
    expect(replyNames()).toEqual([]);
    const [listCall] = api.callsTo('GET', '/api/order/list');
    expect(listCall!.query.get('limit')).toBe('10');
    expect(listCall!.query.get('skip')).toBe('0');

    orders.resolve(envelope([PENDING, SHIPPED, order('SSD-FAILED0001', 'failed'), DELIVERED]));
    // pickOrder: the confirmed-type orders with their status and date, then View all orders and Different issue.
    const shippedReply = await within(replies()).findByRole('button', { name: /SSD-SHIPPED001/ });
    expect(conversation().at(-1)).toBe('Support: Which order is this about?');
    expect(replyNames()).toEqual([
      "SSD-SHIPPED001shipped · Placed on Fri, 3rd Jan '25",
      "SSD-DELIVER001delivered · Placed on Fri, 3rd Jan '25",
      'View all orders',
      'Different issue',
    ]);
    await waitFor(() => expect(shippedReply).toHaveFocus());
    expect(within(replies()).getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '/orders');

    await user.click(shippedReply);
    // status: the status is said, then the request is raised.
    expect(await within(log()).findByText('Order SSD-SHIPPED001 is currently Shipped.')).toBeInTheDocument();
    expect(within(replies()).getByRole('status')).toHaveTextContent('Raising a support request for order SSD-SHIPPED001…');
    expect(api.callsTo('POST', '/api/order/support').map((call) => call.body)).toEqual([
      {
        order_id: 'SSD-SHIPPED001',
        issue_type: 'delivery',
        message: 'Please update me on the delivery of this order; it shows as Shipped. (Raised from the support chat.)',
      },
    ]);

    ticket.resolve(envelope({ id: 42 }, 1, 'Support request created.'));
    expect(await within(log()).findByText('Support request created. Your ticket ID is 42.')).toBeInTheDocument();
    expect(conversation()).toEqual([
      'Support: Hi! How can I help you today?',
      'You: Track my order status',
      'Support: Which order is this about?',
      'You: SSD-SHIPPED001',
      'Support: Order SSD-SHIPPED001 is currently Shipped.',
      'Support: Support request created. Your ticket ID is 42.',
    ]);
    // result
    expect(replyNames()).toEqual(['Different issue', 'Close chat']);
    await waitFor(() => expect(within(replies()).getByRole('button', { name: 'Different issue' })).toHaveFocus());
    expect(api.callsTo('GET', `/api/verify/order/status/${SHIPPED.order_id}`)).toHaveLength(1);
    expect(api.callsTo('GET', '/api/order/list')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/order/support')).toHaveLength(1);
  });

  it('offers at most six orders', async () => {
    const many = Array.from({ length: 9 }, (_, index) => order(`SSD-CONFIRM00${index}`, 'confirmed'));
    const { user } = await openChat({ [LIST]: envelope(many) });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));
    await within(replies()).findByRole('button', { name: /SSD-CONFIRM000/ });
    expect(within(replies()).getAllByRole('button', { name: /^SSD-/ })).toHaveLength(6);
    expect(within(replies()).queryByRole('button', { name: /SSD-CONFIRM006/ })).not.toBeInTheDocument();
  });

  it('a status that cannot be read is said, and the request is raised without it', async () => {
    const { api, user } = await openChat({
      [LIST]: envelope([SHIPPED]),
      [status(SHIPPED.order_id)]: envelope(null, -1, 'Something went wrong.'),
      [SUPPORT]: envelope({ id: 9 }),
    });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));
    await user.click(await within(replies()).findByRole('button', { name: /SSD-SHIPPED001/ }));
    expect(await within(log()).findByText('Support request created. Your ticket ID is 9.')).toBeInTheDocument();
    expect(conversation().slice(-2)).toEqual([
      'Support: Sorry, I could not fetch the status of order SSD-SHIPPED001 right now.',
      'Support: Support request created. Your ticket ID is 9.',
    ]);
    expect(api.callsTo('POST', '/api/order/support')[0]!.body).toEqual({
      order_id: 'SSD-SHIPPED001',
      issue_type: 'delivery',
      message: 'Please update me on the delivery of this order. (Raised from the support chat.)',
    });
  });
});

describe('the other issues', () => {
  it.each([
    ['Payment issue', 'payment', 'I have a problem with the payment for this order. (Raised from the support chat.)'],
    ['Damaged or defective item', 'quality', 'An item in this order arrived damaged or defective. (Raised from the support chat.)'],
    ['Return or exchange', 'return', 'I would like to return or exchange an item from this order. (Raised from the support chat.)'],
  ])('%s raises a %s request for the chosen order at once', async (label, issueType, message) => {
    const { api, user } = await openChat({ [LIST]: envelope([DELIVERED]), [SUPPORT]: envelope({ id: 7 }) });
    await user.click(screen.getByRole('button', { name: label }));
    await user.click(await within(replies()).findByRole('button', { name: /SSD-DELIVER001/ }));
    expect(await within(log()).findByText('Support request created. Your ticket ID is 7.')).toBeInTheDocument();
    expect(conversation()).toEqual([
      'Support: Hi! How can I help you today?',
      `You: ${label}`,
      'Support: Which order is this about?',
      'You: SSD-DELIVER001',
      'Support: Support request created. Your ticket ID is 7.',
    ]);
    expect(api.callsTo('POST', '/api/order/support').map((call) => call.body)).toEqual([
      { order_id: 'SSD-DELIVER001', issue_type: issueType, message },
    ]);
    expect(api.calls.filter((call) => call.path.startsWith('/api/verify/'))).toHaveLength(0);
  });
});

describe('the request’s answers', () => {
  async function raise(answer: StoreAnswer) {
    const chat = await openChat({ [LIST]: envelope([DELIVERED]), [SUPPORT]: answer });
    await chat.user.click(screen.getByRole('button', { name: 'Payment issue' }));
    await chat.user.click(await within(replies()).findByRole('button', { name: /SSD-DELIVER001/ }));
    return chat;
  }

  it("one already open (code 0, 'already exists'): says so", async () => {
    await raise({ status: 409, body: { code: 0, message: 'A support request already exists for this order.', data: null } });
    expect(await within(log()).findByText('Looks like you already have an open request for this order.')).toBeInTheDocument();
    expect(replyNames()).toEqual(['Different issue', 'Close chat']);
  });

  it('any other refusal: the generic failure message', async () => {
    await raise({ status: 422, body: { code: 0, message: 'Support requests can be raised once an order is confirmed.', data: null } });
    expect(await within(log()).findByText('Failed to create support request.')).toBeInTheDocument();
  });

  it('no answer at all: the generic failure message', async () => {
    await raise({ status: 502, body: '<html>Bad gateway</html>' });
    expect(await within(log()).findByText('Failed to create support request.')).toBeInTheDocument();
  });

  it('created, without an id in the answer: the created message alone', async () => {
    await raise(envelope(null, 1, 'Support request created.'));
    expect(await within(log()).findByText('Support request created.')).toBeInTheDocument();
  });
});

describe('noOrders and a failed fetch', () => {
  it('no confirmed orders: says so, with View all orders and Different issue', async () => {
    const { user } = await openChat({ [LIST]: envelope([PENDING, order('SSD-CANCELL001', 'cancelled')]) });
    await user.click(screen.getByRole('button', { name: 'Return or exchange' }));
    expect(await within(log()).findByText('I couldn’t find any confirmed orders yet...')).toBeInTheDocument();
    expect(replyNames()).toEqual(['View all orders', 'Different issue']);
  });

  it('orders that cannot be fetched: says so; Try again asks again', async () => {
    let answer: StoreAnswer = { status: 500, body: { code: -1, message: 'Something went wrong.', data: null } };
    const { api, user } = await openChat({ [LIST]: () => answer });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));
    expect(await within(log()).findByText('Sorry, I could not fetch your orders right now.')).toBeInTheDocument();
    expect(replyNames()).toEqual(['Try again', 'Different issue', 'Close chat']);
    answer = envelope([SHIPPED]);
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(replies()).findByRole('button', { name: /SSD-SHIPPED001/ })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/order/list')).toHaveLength(2);
  });

  it('an answer of another shape counts as a failed fetch', async () => {
    const { user } = await openChat({ [LIST]: envelope({ orders: [] }) });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));
    expect(await within(log()).findByText('Sorry, I could not fetch your orders right now.')).toBeInTheDocument();
  });
});

describe('Different issue and View all orders', () => {
  it('Different issue goes back to the four issues, and a new choice fetches the orders again', async () => {
    const { api, user } = await openChat({ [LIST]: envelope([SHIPPED]) });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));
    await user.click(await within(replies()).findByRole('button', { name: 'Different issue' }));
    expect(conversation().slice(-2)).toEqual(['You: Different issue', 'Support: What else can I help you with?']);
    expect(replyNames()).toEqual(['Track my order status', 'Payment issue', 'Damaged or defective item', 'Return or exchange']);
    await waitFor(() => expect(within(replies()).getByRole('button', { name: 'Track my order status' })).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Payment issue' }));
    await within(replies()).findByRole('button', { name: /SSD-SHIPPED001/ });
    expect(api.callsTo('GET', '/api/order/list')).toHaveLength(2);
  });

  it('View all orders goes to /orders and closes the chat', async () => {
    const { user, router } = await openChat({ [LIST]: envelope([SHIPPED]) });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));
    await user.click(await within(replies()).findByRole('link', { name: 'View all orders' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('session expiry (code -2)', () => {
  const expired: StoreAnswer = { status: 401, body: { code: -2, message: 'Please login to continue.', data: null } };

  async function expectAuthRequired() {
    expect(await within(log()).findByText(EXPIRED_TEXT)).toBeInTheDocument();
    expect(replyNames()).toEqual(['Log in', 'Close chat']);
  }

  it('while fetching the orders: back to authRequired, without sending the page to login', async () => {
    const pageGuard = vi.fn();
    const unsubscribe = subscribeLoginNeeded(pageGuard);
    try {
      const { user, router } = await openChat({ [LIST]: expired });
      await user.click(screen.getByRole('button', { name: 'Track my order status' }));
      await expectAuthRequired();
      expect(pageGuard).not.toHaveBeenCalled();
      expect(router.state.location.pathname).toBe('/here');
    } finally {
      unsubscribe();
    }
  });

  it('while reading the status', async () => {
    const { user } = await openChat({ [LIST]: envelope([SHIPPED]), [status(SHIPPED.order_id)]: expired });
    await user.click(screen.getByRole('button', { name: 'Track my order status' }));
    await user.click(await within(replies()).findByRole('button', { name: /SSD-SHIPPED001/ }));
    await expectAuthRequired();
  });

  it('while raising the request; Log in then ends the session on this device and opens the login screen', async () => {
    const { user, router, api } = await openChat({ [LIST]: envelope([DELIVERED]), [SUPPORT]: expired });
    await user.click(screen.getByRole('button', { name: 'Return or exchange' }));
    await user.click(await within(replies()).findByRole('button', { name: /SSD-DELIVER001/ }));
    await expectAuthRequired();
    expect(screen.getByText('signed in')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(toastType(await screen.findByText('Please log in to chat with support.'))).toBe('warning');
    await router.navigate('/here');
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/order/support')).toHaveLength(1);
  });
});
