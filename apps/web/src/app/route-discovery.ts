import type { PatchRoutesOnNavigationFunction } from 'react-router';
import { ADMIN_ROUTE_ID } from './routes';

const ADMIN_PATH = /^\/admin(\/|$)/;

/**
 * Lazy route discovery (React Router's patchRoutesOnNavigation): the admin console's route table is
 * fetched on the first navigation under /admin and patched under the 'admin' route, keeping it out of
 * the storefront's first load (CI's page-weight budget). React Router asks again on any path that
 * matched a parameter (the storefront's catch-all included), so it is patched once.
 */
export function routeDiscovery(): PatchRoutesOnNavigationFunction {
  let adminPatched = false;
  return async ({ path, patch }) => {
    if (adminPatched || !ADMIN_PATH.test(path)) return;
    const { adminRoutes } = await import('./admin-routes');
    if (adminPatched) return;
    patch(ADMIN_ROUTE_ID, adminRoutes);
    adminPatched = true;
  };
}
