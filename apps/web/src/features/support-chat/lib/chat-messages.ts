import { ORDERS_MESSAGES } from '@ssd/shared/orders-messages';
import { orderStatusLabel } from '@ssd/shared/status';

/**
 * What the chatbot says. The texts of spec 1 §8 are quoted as written; the rest are ours
 * (docs/decisions/0027-support-chatbot.md).
 */

/** 'Order {id} is currently {Status}.': the status's label (spec 3 §4), first letter capitalised as the spec writes {Status}. */
export function statusSentenceLabel(status: string): string {
  const label = orderStatusLabel(status);
  return label.charAt(0).toUpperCase() + label.slice(1);
}

export const CHAT_MESSAGES = {
  greeting: 'Hi! How can I help you today?',
  greetingAgain: 'What else can I help you with?',
  /** spec 1 §8 (also the warning toast on the way to the login screen). */
  loginToChat: 'Please log in to chat with support.',
  /** spec 1 §8, code -2. */
  sessionExpired: 'Looks like your session has expired. Please log in again to view your confirmed orders.',
  /** spec 1 §8, fetch failure. */
  ordersFailed: 'Sorry, I could not fetch your orders right now.',
  /** spec 1 §8, no orders (the typographic apostrophe and the three dots are the spec's). */
  noOrders: 'I couldn’t find any confirmed orders yet...',
  pickOrder: 'Which order is this about?',
  /** spec 1 §8, status. */
  orderStatus: (orderId: string, status: string) => `Order ${orderId} is currently ${statusSentenceLabel(status)}.`,
  statusFailed: (orderId: string) => `Sorry, I could not fetch the status of order ${orderId} right now.`,
  /** spec 1 §8: ticket code 0 with a message containing 'already exists'. */
  ticketExists: 'Looks like you already have an open request for this order.',
  /** spec 1 §8 'a generic failure message': spec 3 §8's. */
  ticketFailed: ORDERS_MESSAGES.supportFailed,
  /** spec 1 §8: the ticket id, if the answer has one. */
  ticketCreated: (ticketId: number | null) =>
    ticketId === null ? ORDERS_MESSAGES.supportCreated : `${ORDERS_MESSAGES.supportCreated} Your ticket ID is ${ticketId}.`,
} as const;

/** The reply bar's note while a call is under way (there is nothing to choose then). */
export const CHAT_BUSY = {
  loadOrders: 'Looking up your orders…',
  readStatus: (orderId: string) => `Checking the status of order ${orderId}…`,
  raiseTicket: (orderId: string) => `Raising a support request for order ${orderId}…`,
} as const;

/** Labels of the replies that are not an issue or an order. */
export const CHAT_REPLIES = {
  viewAllOrders: 'View all orders',
  differentIssue: 'Different issue',
  login: 'Log in',
  closeChat: 'Close chat',
  tryAgain: 'Try again',
} as const;
