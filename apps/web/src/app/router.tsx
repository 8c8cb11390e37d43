import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  UNSAFE_mapRouteProperties as mapRouteProperties,
} from 'react-router';
import { keyNewHistoryEntry } from './history-entry';
import { routeDiscovery } from './route-discovery';
import { routes } from './routes';

/**
 * The app's router, made when the app starts (main.tsx) and not started yet: main.tsx calls its
 * `initialize()` (the first navigation: matching the address, reading the saved scroll positions from
 * session storage) in the next task. React Router's createBrowserRouter is these same two calls in one
 * task, 25 ms on a fast machine and over 100 at Lighthouse's 4× (issue 12). Its parts are exported
 * under UNSAFE_ names, outside semver: an upgrade of react-router must keep this in step with its
 * createBrowserRouter (every e2e journey starts here).
 */
export function makeAppRouter() {
  keyNewHistoryEntry();
  return createRouter({
    history: createBrowserHistory(),
    routes,
    mapRouteProperties,
    hydrationRouteProperties,
    patchRoutesOnNavigation: routeDiscovery(),
  });
}
