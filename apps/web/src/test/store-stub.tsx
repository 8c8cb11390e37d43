import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders, createQueryClient } from '../app/providers';
import { ToastStack } from '../components/ui/toast';
import { seedSession, type TestSession } from './session-seed';

/** A recorded call of the store stub. */
export interface StoreCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  /** Whether the call may outlive the page (RequestInit.keepalive). */
  keepalive: boolean;
}

export interface StoreAnswer {
  status?: number;
  body: unknown;
}

type StoreHandler = StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>);

/**
 * Stubs fetch for both the product API (envelopes) and the content service ({data} bodies, 404s)
 * per 'METHOD /path'; a call no handler knows fails like a server that is not there.
 */
export function stubStore(handlers: Record<string, StoreHandler>) {
  const calls: StoreCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: StoreCall = {
      method: (init.method ?? 'GET').toUpperCase(),
      path: url.pathname,
      query: url.searchParams,
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      keepalive: init.keepalive === true,
    };
    calls.push(call);
    const handler = handlers[`${call.method} ${call.path}`];
    if (!handler) throw new TypeError(`No stub for ${call.method} ${call.path}`);
    const answer = typeof handler === 'function' ? await handler(call) : handler;
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
  };
}

export const envelope = (data: unknown, code: 1 | 0 | -1 | -2 = 1, message = ''): StoreAnswer => ({
  body: { code, message, data },
});

export const shopper: TestSession = {
  isLoggedIn: true,
  userName: 'Asha',
  userEmail: 'asha@example.com',
  userRole: 'user',
  authProvider: 'local',
  userToken: 'access-1',
  refreshToken: 'refresh-1',
  cart: [],
  wishlist: [],
};

/** Renders one component with the app's providers, a toast stack and a stand-in login route. */
export function renderWithStore(ui: ReactNode, { session, path = '/here' }: { session?: TestSession; path?: string } = {}) {
  const router = createMemoryRouter(
    [
      {
        element: (
          <>
            <Outlet />
            <ToastStack />
          </>
        ),
        children: [
          { path: '/auth/login', element: <h1>Login screen</h1> },
          { path: '/cart', element: <h1>Cart screen</h1> },
          { path: '*', element: ui },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const view = render(
    <AppProviders queryClient={queryClient} initialSession={seedSession(queryClient, session ?? {})}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
