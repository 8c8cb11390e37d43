import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routes } from '../app/routes';
import type { SessionSeed } from '../lib/session';

/** Renders the real route table and shell at `path`, on a memory router, as the app does. */
export function renderApp(
  path: string | string[],
  { session, routeTable = routes }: { session?: SessionSeed; routeTable?: RouteObject[] } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const router = createMemoryRouter(routeTable, { initialEntries: entries, initialIndex: entries.length - 1 });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  const view = render(
    <AppProviders queryClient={queryClient} initialSession={session}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router, queryClient };
}
