import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, type InitialEntry, type RouteObject } from 'react-router';
import { AppProviders, createQueryClient } from '../app/providers';
import { routeDiscovery } from '../app/route-discovery';
import { routes } from '../app/routes';
import { putServerReads, type ServerState } from '../lib/server-reads';
import { seedSession, type TestSession } from './session-seed';

/**
 * Renders the real route table and shell at `path` (a path, or a history entry with router state),
 * on a memory router, as the app does; `strict` wraps it in StrictMode as src/main.tsx does.
 * `serverState`: starts as src/main.tsx does on a server-rendered page, from its reads and whom it was
 * drawn for (a signed-in page's session included), instead of a seeded session.
 */
export function renderApp(
  path: InitialEntry | InitialEntry[],
  {
    session,
    routeTable = routes,
    strict = false,
    serverState,
  }: { session?: TestSession; routeTable?: RouteObject[]; strict?: boolean; serverState?: ServerState } = {},
) {
  const entries = Array.isArray(path) ? path : [path];
  const router = createMemoryRouter(routeTable, { initialEntries: entries, initialIndex: entries.length - 1, patchRoutesOnNavigation: routeDiscovery() });
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({ queries: { retry: false, staleTime: Infinity } });
  if (serverState) putServerReads(queryClient, serverState.reads);
  const app = (
    <AppProviders queryClient={queryClient} initialSession={seedSession(queryClient, session)} drawnFor={serverState}>
      <RouterProvider router={router} />
    </AppProviders>
  );
  const view = render(strict ? <StrictMode>{app}</StrictMode> : app);
  return { ...view, router, queryClient };
}
