import { useCallback, useEffect, useId, useReducer, useRef } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import { CHAT_FULLSCREEN_MAX_PX, STORE_NAME } from '@ssd/shared/constants';
import { useLoginGate } from '../../lib/use-login-gate';
import { useMediaQuery } from '../../lib/use-media-query';
import { useSession } from '../../lib/session';
import { ChatLog } from './components/chat-log';
import { ChatReplies } from './components/chat-replies';
import { useChatFocus } from './hooks/use-chat-focus';
import { useChatTasks } from './hooks/use-chat-tasks';
import { chatReducer, chatReplies, initialChatState, type ChatReply, type ChatState } from './lib/chat-machine';
import { CHAT_BUSY, CHAT_MESSAGES } from './lib/chat-messages';

/** The reply bar's note while a call is under way. */
function busyNote({ task }: ChatState): string | null {
  if (!task) return null;
  if (task.kind === 'loadOrders') return CHAT_BUSY.loadOrders;
  return task.kind === 'readStatus' ? CHAT_BUSY.readStatus(task.orderId) : CHAT_BUSY.raiseTicket(task.orderId);
}

/**
 * The support chat popup (spec 1 §2 'Support chat popup', §4 'Support chatbot'), opened from the footer's
 * Support Chat and loaded only then. Full screen up to 640 px wide, else a floating 380×560 window; the
 * header is at least 96 px high and the reply bar at least 64 px. Each opening starts a new conversation.
 */
export default function SupportChat({ onClose }: { onClose: () => void }) {
  const { isLoggedIn, expire } = useSession();
  const { sendToLogin } = useLoginGate();
  const [state, dispatch] = useReducer(chatReducer, isLoggedIn, initialChatState);
  useChatTasks(state.task, dispatch);

  // A logout or login elsewhere (another tab, the account menu) while the chat is open.
  const wasLoggedIn = useRef(isLoggedIn);
  useEffect(() => {
    if (wasLoggedIn.current === isLoggedIn) return;
    wasLoggedIn.current = isLoggedIn;
    dispatch({ type: isLoggedIn ? 'sessionStarted' : 'sessionEnded' });
  }, [isLoggedIn]);

  const replies = chatReplies(state);
  const panel = useRef<HTMLDivElement | null>(null);
  const titleId = useId();
  const fullScreen = useMediaQuery(`(max-width: ${CHAT_FULLSCREEN_MAX_PX}px)`);
  const onKeyDown = useChatFocus({ panel, repliesKey: `${state.phase}:${state.serial}`, modal: fullScreen, onClose });

  const onReply = useCallback(
    (reply: ChatReply) => {
      switch (reply.kind) {
        case 'issue':
          return dispatch({ type: 'issueChosen', issue: reply.issue });
        case 'order':
          return dispatch({ type: 'orderChosen', orderId: reply.order.order_id });
        case 'differentIssue':
          return dispatch({ type: 'differentIssue' });
        case 'tryAgain':
          return dispatch({ type: 'tryAgain' });
        case 'closeChat':
        case 'viewAllOrders':
          return onClose();
        case 'login':
          onClose();
          // The server ended the session (-2): the device forgets it too, or the login screen would send a
          // 'logged-in' shopper away.
          if (state.sessionExpired) expire();
          return sendToLogin(CHAT_MESSAGES.loginToChat);
      }
    },
    [onClose, expire, sendToLogin, state.sessionExpired],
  );

  // On the body rather than inside the footer's landmark: the chat is a window of its own.
  return createPortal(
    <div
      ref={panel}
      role="dialog"
      aria-labelledby={titleId}
      aria-modal={fullScreen ? true : undefined}
      tabIndex={-1}
      onKeyDown={onKeyDown}
      className="fixed inset-0 z-[65] flex flex-col overflow-hidden bg-white outline-none min-[641px]:inset-auto min-[641px]:right-4 min-[641px]:bottom-4 min-[641px]:h-[560px] min-[641px]:max-h-[calc(100dvh-2rem)] min-[641px]:w-[380px] min-[641px]:rounded-2xl min-[641px]:border min-[641px]:border-maroon-100 min-[641px]:shadow-2xl"
    >
      <div className="flex min-h-24 shrink-0 items-center justify-between gap-3 bg-maroon-800 px-4 text-white">
        <div>
          <h2 id={titleId} className="font-serif text-lg font-semibold text-gold-200">
            Support Chat
          </h2>
          <p className="text-sm text-maroon-50">{STORE_NAME} assistant</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close support chat"
          className="inline-flex size-10 items-center justify-center rounded-full hover:bg-maroon-700 focus-visible:outline-2 focus-visible:outline-gold-200"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
      <ChatLog messages={state.messages} />
      <div aria-label="Replies" role="group" className="max-h-[50%] min-h-16 shrink-0 overflow-y-auto border-t border-maroon-100 bg-white px-3 py-3">
        <ChatReplies replies={replies} busy={busyNote(state)} onReply={onReply} onLeave={onClose} />
      </div>
    </div>,
    document.body,
  );
}
