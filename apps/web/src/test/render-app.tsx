import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/routes';
import { seedSession, type TestSession } from './session-seed';

/** Renders the real route table and shell at `path`, on a memory router, as the app does. */
export function renderApp(
  path: string | string[],
  { session, routeTable = routes }: { session?: TestSession; routeTable?: RouteObject[] } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const router = createMemoryRouter(routeTable, { initialEntries: entries, initialIndex: entries.length - 1 });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const view = render(
    <AppProviders queryClient={queryClient} initialSession={seedSession(queryClient, session)}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
