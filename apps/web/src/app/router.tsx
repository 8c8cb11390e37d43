import { createBrowserRouter } from 'react-router';
import { keyNewHistoryEntry } from './history-entry';
import { routeDiscovery } from './route-discovery';
import { routes } from './routes';

keyNewHistoryEntry();
export const router = createBrowserRouter(routes, { patchRoutesOnNavigation: routeDiscovery() });
