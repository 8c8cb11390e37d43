import { describe, expect, it } from 'vitest';
import type { OrderInHistory } from '@ssd/shared/orders';
import type { OrderStatus } from '@ssd/shared/status';
import { CHAT_ISSUES, chatIssue } from './chat-issues';
import {
  chatReducer,
  chatReplies,
  confirmedOrders,
  initialChatState,
  isExistingTicket,
  type ChatEvent,
  type ChatState,
} from './chat-machine';

const order = (id: string, status: OrderStatus): OrderInHistory => ({
  order_id: id,
  placed_on: '2025-01-03T06:30:00.000Z',
  order_status: status,
  items: [],
});

const texts = (state: ChatState) => state.messages.map((message) => `${message.from}: ${message.text}`);
const lastText = (state: ChatState) => state.messages.at(-1)?.text;

function run(state: ChatState, ...events: ChatEvent[]): ChatState {
  return events.reduce(chatReducer, state);
}

/** Chooses the issue and answers the orders call with these orders. */
function withOrders(issue: Parameters<typeof chatIssue>[0], orders: OrderInHistory[]): ChatState {
  const loading = chatReducer(initialChatState(true), { type: 'issueChosen', issue });
  return chatReducer(loading, { type: 'ordersLoaded', taskId: loading.task!.id, orders });
}

const SHIPPED = order('SSD-SHIPPED001', 'shipped');
const DELIVERED = order('SSD-DELIVER001', 'delivered');

describe('the chat as it opens', () => {
  it('greets a shopper and offers the four issues', () => {
    const state = initialChatState(true);
    expect(state.phase).toBe('idle');
    expect(texts(state)).toEqual(['bot: Hi! How can I help you today?']);
    expect(chatReplies(state)).toEqual([
      { kind: 'issue', issue: 'track', label: 'Track my order status' },
      { kind: 'issue', issue: 'payment', label: 'Payment issue' },
      { kind: 'issue', issue: 'damaged', label: 'Damaged or defective item' },
      { kind: 'issue', issue: 'return', label: 'Return or exchange' },
    ]);
    expect(state.task).toBeNull();
  });

  it('asks a visitor to log in, with Log in and Close chat', () => {
    const state = initialChatState(false);
    expect(state.phase).toBe('authRequired');
    expect(texts(state)).toEqual(['bot: Please log in to chat with support.']);
    expect(chatReplies(state)).toEqual([{ kind: 'login' }, { kind: 'closeChat' }]);
    expect(state.sessionExpired).toBe(false);
  });
});

describe('choosing an issue', () => {
  it("adds the shopper's choice and asks for the orders", () => {
    const state = chatReducer(initialChatState(true), { type: 'issueChosen', issue: 'payment' });
    expect(state.phase).toBe('loadingOrders');
    expect(lastText(state)).toBe('Payment issue');
    expect(state.messages.at(-1)?.from).toBe('shopper');
    expect(state.task).toEqual({ id: expect.any(Number), kind: 'loadOrders' });
    expect(state.issue).toBe('payment');
    expect(chatReplies(state)).toEqual([]);
  });

  it('offers only confirmed-type orders, at most six, then View all orders and Different issue', () => {
    const orders = [
      order('SSD-PENDING001', 'pending'),
      order('SSD-FAILED0001', 'failed'),
      order('SSD-CONFIRM001', 'confirmed'),
      order('SSD-PACKED0001', 'packed'),
      SHIPPED,
      order('SSD-OUTFORD001', 'out_for_delivery'),
      DELIVERED,
      order('SSD-CANCELL001', 'cancelled'),
      order('SSD-RETURNR001', 'return_requested'),
      order('SSD-CONFIRM002', 'confirmed'),
      order('SSD-CONFIRM003', 'confirmed'),
    ];
    const state = withOrders('track', orders);
    expect(state.phase).toBe('pickOrder');
    expect(lastText(state)).toBe('Which order is this about?');
    expect(state.task).toBeNull();
    expect(chatReplies(state).map((reply) => (reply.kind === 'order' ? reply.order.order_id : reply.kind))).toEqual([
      'SSD-CONFIRM001',
      'SSD-PACKED0001',
      'SSD-SHIPPED001',
      'SSD-OUTFORD001',
      'SSD-DELIVER001',
      'SSD-CONFIRM002',
      'viewAllOrders',
      'differentIssue',
    ]);
  });

  it('without a confirmed-type order: noOrders, with View all orders and Different issue', () => {
    const state = withOrders('return', [order('SSD-PENDING001', 'pending'), order('SSD-CANCELL001', 'cancelled')]);
    expect(state.phase).toBe('noOrders');
    expect(lastText(state)).toBe('I couldn’t find any confirmed orders yet...');
    expect(chatReplies(state)).toEqual([{ kind: 'viewAllOrders' }, { kind: 'differentIssue' }]);
    expect(withOrders('return', []).phase).toBe('noOrders');
  });

  it('orders that could not be fetched: result, with Try again, which asks again', () => {
    const loading = chatReducer(initialChatState(true), { type: 'issueChosen', issue: 'track' });
    const failed = chatReducer(loading, {
      type: 'taskFailed',
      taskId: loading.task!.id,
      failure: { code: -1, message: 'Failed to connect to our server.' },
    });
    expect(failed.phase).toBe('result');
    expect(lastText(failed)).toBe('Sorry, I could not fetch your orders right now.');
    expect(chatReplies(failed)).toEqual([{ kind: 'tryAgain' }, { kind: 'differentIssue' }, { kind: 'closeChat' }]);
    const again = chatReducer(failed, { type: 'tryAgain' });
    expect(again.phase).toBe('loadingOrders');
    expect(lastText(again)).toBe('Try again');
    expect(again.task).toEqual({ id: expect.any(Number), kind: 'loadOrders' });
    expect(again.task!.id).not.toBe(loading.task!.id);
    expect(again.issue).toBe('track');
  });
});

describe('choosing an order', () => {
  it("'Track my order status' reads the status, says it, then raises a delivery request", () => {
    const picked = chatReducer(withOrders('track', [SHIPPED]), { type: 'orderChosen', orderId: SHIPPED.order_id });
    expect(picked.phase).toBe('status');
    expect(lastText(picked)).toBe('SSD-SHIPPED001');
    expect(picked.messages.at(-1)?.from).toBe('shopper');
    expect(picked.task).toEqual({ id: expect.any(Number), kind: 'readStatus', orderId: 'SSD-SHIPPED001' });
    expect(chatReplies(picked)).toEqual([]);

    const told = chatReducer(picked, { type: 'statusRead', taskId: picked.task!.id, status: 'out_for_delivery' });
    expect(told.phase).toBe('status');
    expect(lastText(told)).toBe('Order SSD-SHIPPED001 is currently Out for delivery.');
    expect(told.task).toEqual({
      id: expect.any(Number),
      kind: 'raiseTicket',
      orderId: 'SSD-SHIPPED001',
      issue: 'track',
      statusLabel: 'Out for delivery',
    });

    const done = chatReducer(told, { type: 'ticketRaised', taskId: told.task!.id, ticketId: 42 });
    expect(done.phase).toBe('result');
    expect(lastText(done)).toBe('Support request created. Your ticket ID is 42.');
    expect(chatReplies(done)).toEqual([{ kind: 'differentIssue' }, { kind: 'closeChat' }]);
    expect(done.task).toBeNull();
  });

  it.each([
    ['confirmed', 'Confirmed'],
    ['packed', 'Packed'],
    ['shipped', 'Shipped'],
    ['delivered', 'Delivered'],
    ['failed', 'Payment Failed'],
    ['refund_done', 'Returned and refunded'],
  ] as const)("says 'Order {id} is currently {Status}.' with the label of %s", (status, label) => {
    const picked = chatReducer(withOrders('track', [SHIPPED]), { type: 'orderChosen', orderId: SHIPPED.order_id });
    const told = chatReducer(picked, { type: 'statusRead', taskId: picked.task!.id, status });
    expect(lastText(told)).toBe(`Order SSD-SHIPPED001 is currently ${label}.`);
  });

  it.each(['payment', 'damaged', 'return'] as const)('%s raises the request at once, without reading the status', (issue) => {
    const picked = chatReducer(withOrders(issue, [DELIVERED]), { type: 'orderChosen', orderId: DELIVERED.order_id });
    expect(picked.phase).toBe('status');
    expect(picked.task).toEqual({ id: expect.any(Number), kind: 'raiseTicket', orderId: 'SSD-DELIVER001', issue, statusLabel: null });
  });

  it('a status that could not be read is said, and the request is raised all the same', () => {
    const picked = chatReducer(withOrders('track', [SHIPPED]), { type: 'orderChosen', orderId: SHIPPED.order_id });
    const failed = chatReducer(picked, { type: 'taskFailed', taskId: picked.task!.id, failure: { code: -1, message: 'Order not found.' } });
    expect(failed.phase).toBe('status');
    expect(lastText(failed)).toBe('Sorry, I could not fetch the status of order SSD-SHIPPED001 right now.');
    expect(failed.task).toMatchObject({ kind: 'raiseTicket', orderId: 'SSD-SHIPPED001', issue: 'track', statusLabel: null });
  });

  it('ignores an order that was not offered, and a choice outside pickOrder', () => {
    const picking = withOrders('track', [SHIPPED]);
    expect(chatReducer(picking, { type: 'orderChosen', orderId: 'SSD-SOMEONEELS' })).toBe(picking);
    const idle = initialChatState(true);
    expect(chatReducer(idle, { type: 'orderChosen', orderId: SHIPPED.order_id })).toBe(idle);
  });
});

describe('the request', () => {
  function raising(): ChatState {
    return chatReducer(withOrders('payment', [DELIVERED]), { type: 'orderChosen', orderId: DELIVERED.order_id });
  }

  it('created without an id in the answer: the created message alone', () => {
    const state = raising();
    expect(lastText(chatReducer(state, { type: 'ticketRaised', taskId: state.task!.id, ticketId: null }))).toBe('Support request created.');
  });

  it("one already open (code 0, a message containing 'already exists'): says so", () => {
    const state = raising();
    const done = chatReducer(state, {
      type: 'taskFailed',
      taskId: state.task!.id,
      failure: { code: 0, message: 'A support request already exists for this order.' },
    });
    expect(done.phase).toBe('result');
    expect(lastText(done)).toBe('Looks like you already have an open request for this order.');
  });

  it.each([
    [{ code: 0, message: 'Support requests can be raised once an order is confirmed.' }],
    [{ code: -1, message: 'A support request already exists for this order.' }],
    [{ code: -1, message: 'Failed to connect to our server.' }],
  ])('any other failure (%o): the generic failure message', (failure) => {
    const state = raising();
    const done = chatReducer(state, { type: 'taskFailed', taskId: state.task!.id, failure });
    expect(done.phase).toBe('result');
    expect(lastText(done)).toBe('Failed to create support request.');
    expect(chatReplies(done)).toEqual([{ kind: 'differentIssue' }, { kind: 'closeChat' }]);
  });

  it('tells an existing request by code 0 and the words, in any case', () => {
    expect(isExistingTicket({ code: 0, message: 'Request ALREADY EXISTS' })).toBe(true);
    expect(isExistingTicket({ code: 0, message: 'already open' })).toBe(false);
    expect(isExistingTicket({ code: -1, message: 'already exists' })).toBe(false);
  });

  it('each issue raises its own type with a message in the shopper’s voice', () => {
    expect(CHAT_ISSUES.map((issue) => [issue.id, issue.issueType])).toEqual([
      ['track', 'delivery'],
      ['payment', 'payment'],
      ['damaged', 'quality'],
      ['return', 'return'],
    ]);
    expect(chatIssue('track').ticketMessage('Shipped')).toBe(
      'Please update me on the delivery of this order; it shows as Shipped. (Raised from the support chat.)',
    );
    expect(chatIssue('track').ticketMessage(null)).toBe('Please update me on the delivery of this order. (Raised from the support chat.)');
    expect(chatIssue('payment').ticketMessage(null)).toBe('I have a problem with the payment for this order. (Raised from the support chat.)');
    expect(chatIssue('damaged').ticketMessage(null)).toBe('An item in this order arrived damaged or defective. (Raised from the support chat.)');
    expect(chatIssue('return').ticketMessage(null)).toBe('I would like to return or exchange an item from this order. (Raised from the support chat.)');
  });
});

describe('session expiry (code -2) returns to authRequired from anywhere', () => {
  const expired = { code: -2, message: 'Please login to continue.' };

  it.each([
    ['loadingOrders', () => chatReducer(initialChatState(true), { type: 'issueChosen', issue: 'track' })],
    ['status (reading)', () => chatReducer(withOrders('track', [SHIPPED]), { type: 'orderChosen', orderId: SHIPPED.order_id })],
    ['status (raising)', () => chatReducer(withOrders('return', [SHIPPED]), { type: 'orderChosen', orderId: SHIPPED.order_id })],
  ])('%s', (_name, make) => {
    const state = make();
    const after = chatReducer(state, { type: 'taskFailed', taskId: state.task!.id, failure: expired });
    expect(after.phase).toBe('authRequired');
    expect(lastText(after)).toBe('Looks like your session has expired. Please log in again to view your confirmed orders.');
    expect(chatReplies(after)).toEqual([{ kind: 'login' }, { kind: 'closeChat' }]);
    expect(after.sessionExpired).toBe(true);
    expect(after.task).toBeNull();
  });

  it('the session ending elsewhere does the same, with the login message', () => {
    const after = chatReducer(withOrders('track', [SHIPPED]), { type: 'sessionEnded' });
    expect(after.phase).toBe('authRequired');
    expect(lastText(after)).toBe('Please log in to chat with support.');
    expect(after.sessionExpired).toBe(false);
    expect(chatReducer(after, { type: 'sessionEnded' })).toBe(after);
  });

  it('a login elsewhere brings the issues back', () => {
    const after = chatReducer(initialChatState(false), { type: 'sessionStarted' });
    expect(after.phase).toBe('idle');
    expect(lastText(after)).toBe('Hi! How can I help you today?');
    const idle = initialChatState(true);
    expect(chatReducer(idle, { type: 'sessionStarted' })).toBe(idle);
  });
});

describe('Different issue', () => {
  it.each([
    ['pickOrder', () => withOrders('track', [SHIPPED])],
    ['noOrders', () => withOrders('track', [])],
  ])('goes from %s back to the four issues', (_name, make) => {
    const after = chatReducer(make(), { type: 'differentIssue' });
    expect(after.phase).toBe('idle');
    expect(texts(after).slice(-2)).toEqual(['shopper: Different issue', 'bot: What else can I help you with?']);
    expect(after.issue).toBeNull();
    expect(chatReplies(after)).toHaveLength(4);
  });

  it('and from result', () => {
    const picked = chatReducer(withOrders('damaged', [SHIPPED]), { type: 'orderChosen', orderId: SHIPPED.order_id });
    const done = chatReducer(picked, { type: 'ticketRaised', taskId: picked.task!.id, ticketId: 7 });
    expect(chatReducer(done, { type: 'differentIssue' }).phase).toBe('idle');
  });

  it('is not there while a call is under way', () => {
    const loading = chatReducer(initialChatState(true), { type: 'issueChosen', issue: 'track' });
    expect(chatReducer(loading, { type: 'differentIssue' })).toBe(loading);
  });
});

describe('answers of calls that are no longer under way', () => {
  it('change nothing', () => {
    const loading = chatReducer(initialChatState(true), { type: 'issueChosen', issue: 'track' });
    const failed = chatReducer(loading, { type: 'taskFailed', taskId: loading.task!.id, failure: { code: -1, message: 'x' } });
    const again = chatReducer(failed, { type: 'tryAgain' });
    // The first call's answer arrives late: only the second call's counts.
    expect(chatReducer(again, { type: 'ordersLoaded', taskId: loading.task!.id, orders: [SHIPPED] })).toBe(again);
    expect(chatReducer(failed, { type: 'ordersLoaded', taskId: loading.task!.id, orders: [SHIPPED] })).toBe(failed);
    expect(run(again, { type: 'ordersLoaded', taskId: again.task!.id, orders: [SHIPPED] }).phase).toBe('pickOrder');
  });

  it('an issue chosen twice counts once', () => {
    const loading = chatReducer(initialChatState(true), { type: 'issueChosen', issue: 'track' });
    expect(chatReducer(loading, { type: 'issueChosen', issue: 'payment' })).toBe(loading);
  });
});

describe('confirmed orders', () => {
  it('keep only the fields the chat shows', () => {
    expect(confirmedOrders([{ ...SHIPPED, items: [{ item_id: 1, item_status: 'shipped', image: 'a', title: 't', item_title: 't' }] }])).toEqual([
      { order_id: 'SSD-SHIPPED001', order_status: 'shipped', placed_on: '2025-01-03T06:30:00.000Z' },
    ]);
  });
});
