import { createContext, useContext } from 'react';

/**
 * What a server rendering learns of the address its screen will write once loaded: a listing shows its
 * whole state in the address (spec 2 §3), so `/fabrics` becomes `/fabrics?sort=…`. The page then carries
 * that address (ServerState.address) and the app starts at it (src/main.tsx), with nothing to rewrite:
 * rewriting it after taking the page over was a router navigation, a 60 ms task on a slow phone (TBT,
 * issue 12). Null in the browser.
 */
export interface RenderedAddress {
  /** The query string the screen writes, without '?'. */
  search?: string;
}

/** A server rendering's way to be told the query string its screen writes. */
export type ReportAddress = (search: string) => void;

export const RenderedAddressContext = createContext<ReportAddress | null>(null);

/** A reporter that keeps what it is told in `address`. */
export function addressReporter(address: RenderedAddress): ReportAddress {
  return (search) => {
    address.search = search;
  };
}

/** For a screen that writes `search` into the address once `loaded`: tells a server rendering of it. */
export function useRenderedAddress(search: string, loaded: boolean): void {
  const report = useContext(RenderedAddressContext);
  if (report && loaded) report(search);
}
