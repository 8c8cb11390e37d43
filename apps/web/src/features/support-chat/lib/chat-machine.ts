import { CHATBOT_ORDERS_SHOWN } from '@ssd/shared/constants';
import type { OrderInHistory } from '@ssd/shared/orders';
import { CONFIRMED_TYPE_STATUSES, type OrderStatus } from '@ssd/shared/status';
import { chatIssue, CHAT_ISSUES, type ChatIssueId } from './chat-issues';
import { CHAT_MESSAGES, CHAT_REPLIES, statusSentenceLabel } from './chat-messages';

/*
 * The support chatbot (spec 1 §4 'Support chatbot') as a pure reducer. The calls it needs are not made
 * here: a state that needs one carries a `task`, which ../hooks/use-chat-tasks.ts runs once and answers
 * with an event naming the task's id, so an answer that arrives after the chat moved on changes nothing.
 *
 *   idle ──issue──▶ loadingOrders ──orders──▶ pickOrder ──order──▶ status ──▶ result
 *    ▲                  │ none confirmed         │                  (track: read the status and say it,
 *    │                  ▼                        │                   then raise the request; the other
 *    │               noOrders                    │                   issues raise it at once)
 *    │                  │ the call failed: result (ordersFailed, Try again)
 *    └── Different issue (pickOrder, noOrders, result)
 *
 *   authRequired: the chat opened without a session, the session ended, or any call answered -2.
 */

export type ChatPhase = 'idle' | 'authRequired' | 'loadingOrders' | 'pickOrder' | 'noOrders' | 'status' | 'result';

export interface ChatMessage {
  id: number;
  from: 'bot' | 'shopper';
  text: string;
}

/** An order the shopper may pick (spec 1 §3: order_id and order_status; the date helps tell them apart). */
export interface ChatOrder {
  order_id: string;
  order_status: OrderStatus;
  placed_on: string;
}

export type ChatTask =
  | { id: number; kind: 'loadOrders' }
  | { id: number; kind: 'readStatus'; orderId: string }
  | { id: number; kind: 'raiseTicket'; orderId: string; issue: ChatIssueId; statusLabel: string | null };

export interface ChatState {
  phase: ChatPhase;
  messages: readonly ChatMessage[];
  /** The issue being handled, from its choice until the chat is back in idle. */
  issue: ChatIssueId | null;
  /** The orders offered in pickOrder (at most CHATBOT_ORDERS_SHOWN confirmed-type ones). */
  orders: readonly ChatOrder[];
  /** The call under way, if any. */
  task: ChatTask | null;
  /** result after the orders could not be fetched: Try again is offered. */
  canRetry: boolean;
  /** authRequired because the server said -2: the device's session is over too. */
  sessionExpired: boolean;
  /** The last id given to a message or a task. */
  serial: number;
}

/** What an answer failed with: the envelope's code (0, -1, -2) and message (../hooks/use-chat-tasks.ts). */
export interface ChatFailure {
  code: number;
  message: string;
}

export type ChatEvent =
  | { type: 'issueChosen'; issue: ChatIssueId }
  | { type: 'ordersLoaded'; taskId: number; orders: readonly OrderInHistory[] }
  | { type: 'orderChosen'; orderId: string }
  | { type: 'statusRead'; taskId: number; status: string }
  | { type: 'ticketRaised'; taskId: number; ticketId: number | null }
  | { type: 'taskFailed'; taskId: number; failure: ChatFailure }
  | { type: 'differentIssue' }
  | { type: 'tryAgain' }
  | { type: 'sessionEnded' }
  | { type: 'sessionStarted' };

const LOGIN_NEEDED = -2;
const WARNING = 0;

function say(state: ChatState, from: ChatMessage['from'], ...texts: string[]): ChatState {
  let { serial } = state;
  const added = texts.map((text) => ({ id: ++serial, from, text }));
  return { ...state, messages: [...state.messages, ...added], serial };
}

/** A task before it has its id. */
type NewTask = ChatTask extends infer Task ? (Task extends ChatTask ? Omit<Task, 'id'> : never) : never;

function withTask(state: ChatState, task: NewTask): ChatState {
  const serial = state.serial + 1;
  return { ...state, task: { ...task, id: serial }, serial };
}

function toIdle(state: ChatState, greeting: string): ChatState {
  return say({ ...state, phase: 'idle', issue: null, orders: [], task: null, canRetry: false, sessionExpired: false }, 'bot', greeting);
}

function toAuthRequired(state: ChatState, sessionExpired: boolean): ChatState {
  const text = sessionExpired ? CHAT_MESSAGES.sessionExpired : CHAT_MESSAGES.loginToChat;
  return say({ ...state, phase: 'authRequired', issue: null, orders: [], task: null, canRetry: false, sessionExpired }, 'bot', text);
}

function toResult(state: ChatState, text: string, canRetry = false): ChatState {
  return say({ ...state, phase: 'result', orders: [], task: null, canRetry }, 'bot', text);
}

/** Only confirmed-type orders count as 'confirmed orders' (spec 1 §4); at most six are offered (§9). */
export function confirmedOrders(orders: readonly OrderInHistory[]): ChatOrder[] {
  return orders
    .filter((order) => (CONFIRMED_TYPE_STATUSES as readonly string[]).includes(order.order_status))
    .slice(0, CHATBOT_ORDERS_SHOWN)
    .map(({ order_id, order_status, placed_on }) => ({ order_id, order_status, placed_on }));
}

/** spec 1 §8: a ticket answer of code 0 whose message contains 'already exists'. */
export function isExistingTicket(failure: ChatFailure): boolean {
  return failure.code === WARNING && failure.message.toLowerCase().includes('already exists');
}

/** The chat as it opens: the issues for a shopper, the way to log in for a visitor. */
export function initialChatState(loggedIn: boolean): ChatState {
  const empty: ChatState = {
    phase: 'idle',
    messages: [],
    issue: null,
    orders: [],
    task: null,
    canRetry: false,
    sessionExpired: false,
    serial: 0,
  };
  return loggedIn ? toIdle(empty, CHAT_MESSAGES.greeting) : toAuthRequired(empty, false);
}

function onTaskFailed(state: ChatState, task: ChatTask, failure: ChatFailure): ChatState {
  // Session expiry (code -2) returns to authRequired from anywhere (spec 1 §4).
  if (failure.code === LOGIN_NEEDED) return toAuthRequired(state, true);
  switch (task.kind) {
    case 'loadOrders':
      return toResult(state, CHAT_MESSAGES.ordersFailed, true);
    case 'readStatus':
      // The shopper still wanted to know: the request is raised without the status.
      return withTask(say(state, 'bot', CHAT_MESSAGES.statusFailed(task.orderId)), {
        kind: 'raiseTicket',
        orderId: task.orderId,
        issue: state.issue ?? 'track',
        statusLabel: null,
      });
    case 'raiseTicket':
      return toResult(state, isExistingTicket(failure) ? CHAT_MESSAGES.ticketExists : CHAT_MESSAGES.ticketFailed);
  }
}

export function chatReducer(state: ChatState, event: ChatEvent): ChatState {
  // An answer counts only for the task under way.
  if ('taskId' in event && state.task?.id !== event.taskId) return state;

  switch (event.type) {
    case 'issueChosen': {
      if (state.phase !== 'idle') return state;
      const chosen = say({ ...state, phase: 'loadingOrders', issue: event.issue }, 'shopper', chatIssue(event.issue).label);
      return withTask(chosen, { kind: 'loadOrders' });
    }
    case 'ordersLoaded': {
      const orders = confirmedOrders(event.orders);
      if (orders.length === 0) return say({ ...state, phase: 'noOrders', orders: [], task: null }, 'bot', CHAT_MESSAGES.noOrders);
      return say({ ...state, phase: 'pickOrder', orders, task: null }, 'bot', CHAT_MESSAGES.pickOrder);
    }
    case 'orderChosen': {
      if (state.phase !== 'pickOrder' || state.issue === null) return state;
      if (!state.orders.some((order) => order.order_id === event.orderId)) return state;
      const chosen = say({ ...state, phase: 'status', orders: [] }, 'shopper', event.orderId);
      // 'Track my order status' reads the status and says it first; the other issues raise the request at once.
      if (state.issue === 'track') return withTask(chosen, { kind: 'readStatus', orderId: event.orderId });
      return withTask(chosen, { kind: 'raiseTicket', orderId: event.orderId, issue: state.issue, statusLabel: null });
    }
    case 'statusRead': {
      if (state.task?.kind !== 'readStatus') return state;
      const { orderId } = state.task;
      const told = say(state, 'bot', CHAT_MESSAGES.orderStatus(orderId, event.status));
      return withTask(told, { kind: 'raiseTicket', orderId, issue: state.issue ?? 'track', statusLabel: statusSentenceLabel(event.status) });
    }
    case 'ticketRaised':
      return toResult(state, CHAT_MESSAGES.ticketCreated(event.ticketId));
    case 'taskFailed':
      return state.task ? onTaskFailed(state, state.task, event.failure) : state;
    case 'differentIssue':
      if (state.phase !== 'pickOrder' && state.phase !== 'noOrders' && state.phase !== 'result') return state;
      return toIdle(say(state, 'shopper', CHAT_REPLIES.differentIssue), CHAT_MESSAGES.greetingAgain);
    case 'tryAgain':
      if (state.phase !== 'result' || !state.canRetry) return state;
      return withTask(say({ ...state, phase: 'loadingOrders', canRetry: false }, 'shopper', CHAT_REPLIES.tryAgain), { kind: 'loadOrders' });
    case 'sessionEnded':
      return state.phase === 'authRequired' ? state : toAuthRequired(state, false);
    case 'sessionStarted':
      return state.phase === 'authRequired' ? toIdle(state, CHAT_MESSAGES.greeting) : state;
  }
}

/** A reply the shopper can choose in the current state. */
export type ChatReply =
  | { kind: 'issue'; issue: ChatIssueId; label: string }
  | { kind: 'order'; order: ChatOrder }
  | { kind: 'viewAllOrders' }
  | { kind: 'differentIssue' }
  | { kind: 'tryAgain' }
  | { kind: 'login' }
  | { kind: 'closeChat' };

/** The replies of each state (spec 1 §4); none while a call is under way. */
export function chatReplies(state: ChatState): ChatReply[] {
  switch (state.phase) {
    case 'idle':
      return CHAT_ISSUES.map((issue) => ({ kind: 'issue', issue: issue.id, label: issue.label }));
    case 'authRequired':
      return [{ kind: 'login' }, { kind: 'closeChat' }];
    case 'pickOrder':
      return [...state.orders.map((order): ChatReply => ({ kind: 'order', order })), { kind: 'viewAllOrders' }, { kind: 'differentIssue' }];
    case 'noOrders':
      return [{ kind: 'viewAllOrders' }, { kind: 'differentIssue' }];
    case 'result':
      return [...(state.canRetry ? [{ kind: 'tryAgain' } as const] : []), { kind: 'differentIssue' }, { kind: 'closeChat' }];
    case 'loadingOrders':
    case 'status':
      return [];
  }
}
