import { useEffect, useRef, type Dispatch } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-error';
import { chatOrdersQueryOptions } from '../api/get-chat-orders';
import { chatOrderStatusQueryOptions } from '../api/get-order-status';
import { useRaiseTicket } from '../api/raise-ticket';
import { chatIssue } from '../lib/chat-issues';
import type { ChatEvent, ChatFailure, ChatTask } from '../lib/chat-machine';

/** What a failed call tells the chat: the envelope's code and message (anything else is a failure, -1). */
function failureOf(error: unknown): ChatFailure {
  if (error instanceof ApiError) return { code: error.code, message: error.message };
  return { code: -1, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Runs the call the chat's state asks for (../lib/chat-machine.ts), once per task, and answers with the
 * event that names it. Once: an effect may run again for the same task (StrictMode runs a mount's effects
 * twice; a dependency may change), and a support request must not be sent twice.
 */
export function useChatTasks(task: ChatTask | null, dispatch: Dispatch<ChatEvent>): void {
  const queryClient = useQueryClient();
  const { mutateAsync: raiseTicket } = useRaiseTicket();
  const started = useRef<number | null>(null);

  useEffect(() => {
    if (!task || started.current === task.id) return;
    started.current = task.id;
    const taskId = task.id;

    const run = async (): Promise<ChatEvent> => {
      switch (task.kind) {
        case 'loadOrders':
          return { type: 'ordersLoaded', taskId, orders: await queryClient.fetchQuery(chatOrdersQueryOptions()) };
        case 'readStatus':
          return { type: 'statusRead', taskId, status: await queryClient.fetchQuery(chatOrderStatusQueryOptions(task.orderId)) };
        case 'raiseTicket': {
          const issue = chatIssue(task.issue);
          const ticketId = await raiseTicket({
            order_id: task.orderId,
            issue_type: issue.issueType,
            message: issue.ticketMessage(task.statusLabel),
          });
          return { type: 'ticketRaised', taskId, ticketId };
        }
      }
    };
    run().then(dispatch, (error: unknown) => dispatch({ type: 'taskFailed', taskId, failure: failureOf(error) }));
  }, [task, dispatch, queryClient, raiseTicket]);
}
