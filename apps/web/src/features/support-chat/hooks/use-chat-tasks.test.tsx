import { StrictMode, type ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { envelope, stubStore } from '../../../test/store-stub';
import type { ChatTask } from '../lib/chat-machine';
import { useChatTasks } from './use-chat-tasks';

function strictWrapper({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>
    </StrictMode>
  );
}

describe('the chat’s calls', () => {
  it('runs a task once, even when its effect runs twice, and answers with the event naming it', async () => {
    const api = stubStore({ 'POST /api/order/support': envelope({ id: 3 }) });
    const dispatch = vi.fn();
    const task: ChatTask = { id: 7, kind: 'raiseTicket', orderId: 'SSD-DELIVER001', issue: 'return', statusLabel: null };
    const { rerender } = renderHook(({ current }) => useChatTasks(current, dispatch), { wrapper: strictWrapper, initialProps: { current: task } });
    await waitFor(() => expect(dispatch).toHaveBeenCalledWith({ type: 'ticketRaised', taskId: 7, ticketId: 3 }));
    rerender({ current: { ...task } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.callsTo('POST', '/api/order/support')).toHaveLength(1);
    expect(dispatch).toHaveBeenCalledTimes(1);
  });

  it('answers a failure with its code and message', async () => {
    stubStore({ 'GET /api/order/list': { status: 401, body: { code: -2, message: 'Please login to continue.', data: null } } });
    const dispatch = vi.fn();
    renderHook(() => useChatTasks({ id: 1, kind: 'loadOrders' }, dispatch), { wrapper: strictWrapper });
    await waitFor(() =>
      expect(dispatch).toHaveBeenCalledWith({ type: 'taskFailed', taskId: 1, failure: { code: -2, message: 'Please login to continue.' } }),
    );
  });
});
