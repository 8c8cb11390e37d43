import { useMatches } from 'react-router';
import type { RouteName } from '../../lib/paths';

/** What src/app/routes.tsx puts in each route's `handle`. */
export interface RouteHandle {
  name: RouteName;
}

function hasName(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as RouteHandle).name === 'string';
}

/** The spec's name of the deepest matched route, e.g. 'product-detail'; null if none is named. */
export function useRouteName(): RouteName | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (hasName(handle)) return handle.name;
  }
  return null;
}
