import { useEffect, useRef } from 'react';
import type { ChatMessage } from '../lib/chat-machine';

/**
 * The conversation, a live region (role log): what the bot says next and what the shopper chose are
 * announced as they are added. It keeps the latest message in view.
 */
export function ChatLog({ messages }: { messages: readonly ChatMessage[] }) {
  const log = useRef<HTMLDivElement | null>(null);
  useEffect(() => {
    const node = log.current;
    if (node) node.scrollTop = node.scrollHeight;
  }, [messages.length]);

  return (
    <div ref={log} role="log" aria-live="polite" aria-label="Conversation" className="flex flex-1 flex-col gap-3 overflow-y-auto bg-ivory px-4 py-4">
      {messages.map((message) =>
        message.from === 'bot' ? (
          <p key={message.id} className="max-w-[85%] self-start rounded-2xl rounded-bl-sm bg-white px-3.5 py-2.5 text-sm text-ink shadow-sm">
            <span className="sr-only">Support: </span>
            <span>{message.text}</span>
          </p>
        ) : (
          <p key={message.id} className="max-w-[85%] self-end rounded-2xl rounded-br-sm bg-maroon-700 px-3.5 py-2.5 text-sm text-white">
            <span className="sr-only">You: </span>
            <span>{message.text}</span>
          </p>
        ),
      )}
    </div>
  );
}
