import { createBrowserRouter } from 'react-router';
import { keyNewHistoryEntry } from './history-entry';
import { routeDiscovery } from './route-discovery';
import { routes } from './routes';

/**
 * The app's router, made when the app starts (main.tsx), not when this module is evaluated: its set-up
 * (matching the address against every route, reading its saved transitions from session storage) then
 * runs in a task of its own instead of lengthening the entry's evaluation.
 */
export function createAppRouter() {
  keyNewHistoryEntry();
  return createBrowserRouter(routes, { patchRoutesOnNavigation: routeDiscovery() });
}
