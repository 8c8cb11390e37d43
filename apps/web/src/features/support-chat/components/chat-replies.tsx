import { Link } from 'react-router';
import { formatOrderDate } from '@ssd/shared/dates';
import { orderStatusLabel } from '@ssd/shared/status';
import { SCREENS } from '../../../lib/paths';
import { REPLY_ATTRIBUTE } from '../hooks/use-chat-focus';
import { CHAT_REPLIES } from '../lib/chat-messages';
import type { ChatReply } from '../lib/chat-machine';

const REPLY =
  'rounded-full border border-maroon-700 bg-white px-3.5 py-1.5 text-sm font-semibold text-maroon-700 hover:bg-maroon-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700';
const ORDER_REPLY =
  'flex w-full flex-col items-start rounded-xl border border-maroon-200 bg-white px-3.5 py-2 text-left text-sm hover:bg-maroon-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700';

export interface ChatReplyHandlers {
  onReply: (reply: ChatReply) => void;
  /** 'View all orders' leaves for /orders: the chat closes. */
  onLeave: () => void;
}

const reply = { [REPLY_ATTRIBUTE]: '' };

function replyLabel(choice: Exclude<ChatReply, { kind: 'order' | 'issue' | 'viewAllOrders' }>): string {
  switch (choice.kind) {
    case 'differentIssue':
      return CHAT_REPLIES.differentIssue;
    case 'tryAgain':
      return CHAT_REPLIES.tryAgain;
    case 'login':
      return CHAT_REPLIES.login;
    case 'closeChat':
      return CHAT_REPLIES.closeChat;
  }
}

/** One reply: an issue, an order (id, status and date), a link to /orders, or a plain button. */
function Reply({ choice, onReply, onLeave }: { choice: ChatReply } & ChatReplyHandlers) {
  switch (choice.kind) {
    case 'issue':
      return (
        <button type="button" {...reply} className={REPLY} onClick={() => onReply(choice)}>
          {choice.label}
        </button>
      );
    case 'order':
      return (
        <button type="button" {...reply} className={ORDER_REPLY} onClick={() => onReply(choice)}>
          <span className="font-semibold text-maroon-800">{choice.order.order_id}</span>
          <span className="text-xs text-muted">
            {orderStatusLabel(choice.order.order_status)} · Placed on {formatOrderDate(choice.order.placed_on)}
          </span>
        </button>
      );
    case 'viewAllOrders':
      return (
        <Link to={SCREENS.orders.path} {...reply} className={REPLY} onClick={onLeave}>
          {CHAT_REPLIES.viewAllOrders}
        </Link>
      );
    default:
      return (
        <button type="button" {...reply} className={REPLY} onClick={() => onReply(choice)}>
          {replyLabel(choice)}
        </button>
      );
  }
}

/** The replies of the current state, or a note while the chat waits for an answer. */
export function ChatReplies({ replies, busy, ...handlers }: { replies: readonly ChatReply[]; busy: string | null } & ChatReplyHandlers) {
  if (replies.length === 0) {
    return (
      <p role="status" className="px-1 py-2 text-sm text-muted">
        {busy}
      </p>
    );
  }
  const orders = replies.filter((choice) => choice.kind === 'order');
  const others = replies.filter((choice) => choice.kind !== 'order');
  return (
    <div className="flex flex-col gap-2">
      {orders.length > 0 ? (
        <ul aria-label="Your orders" className="flex flex-col gap-2">
          {orders.map((choice) => (
            <li key={choice.order.order_id}>
              <Reply choice={choice} {...handlers} />
            </li>
          ))}
        </ul>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {others.map((choice) => (
          <Reply key={choice.kind === 'issue' ? choice.issue : choice.kind} choice={choice} {...handlers} />
        ))}
      </div>
    </div>
  );
}
