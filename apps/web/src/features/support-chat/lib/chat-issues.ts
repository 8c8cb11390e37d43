import type { SupportIssueType } from '@ssd/shared/support';

/*
 * The chatbot's four issues (spec 1 §4 'idle offers four issues'; only 'Track my order status' is named
 * there) and the support request each one raises (spec 3 POST /api/order/support). The spec is silent on
 * the other three, the issue types and the ticket text: docs/decisions/0027-support-chatbot.md.
 */

export type ChatIssueId = 'track' | 'payment' | 'damaged' | 'return';

export interface ChatIssue {
  id: ChatIssueId;
  /** The reply button, and the shopper's message once chosen. */
  label: string;
  /** The issue type of the support request it raises (spec 3 §5). */
  issueType: SupportIssueType;
  /** The request's message, in the shopper's voice: it is what they see in the order's Previous requests. */
  ticketMessage: (statusLabel: string | null) => string;
}

/** Staff can tell a request of the chat from one typed into the Order Support dialog. */
const FROM_CHAT = '(Raised from the support chat.)';

export const CHAT_ISSUES: readonly ChatIssue[] = [
  {
    id: 'track',
    label: 'Track my order status',
    issueType: 'delivery',
    ticketMessage: (statusLabel) =>
      statusLabel === null
        ? `Please update me on the delivery of this order. ${FROM_CHAT}`
        : `Please update me on the delivery of this order; it shows as ${statusLabel}. ${FROM_CHAT}`,
  },
  {
    id: 'payment',
    label: 'Payment issue',
    issueType: 'payment',
    ticketMessage: () => `I have a problem with the payment for this order. ${FROM_CHAT}`,
  },
  {
    id: 'damaged',
    label: 'Damaged or defective item',
    issueType: 'quality',
    ticketMessage: () => `An item in this order arrived damaged or defective. ${FROM_CHAT}`,
  },
  {
    id: 'return',
    label: 'Return or exchange',
    issueType: 'return',
    ticketMessage: () => `I would like to return or exchange an item from this order. ${FROM_CHAT}`,
  },
];

export function chatIssue(id: ChatIssueId): ChatIssue {
  const issue = CHAT_ISSUES.find((candidate) => candidate.id === id);
  if (!issue) throw new Error(`Unknown chat issue: ${id}`);
  return issue;
}
