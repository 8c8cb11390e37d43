/**
 * The fetch the data clients use (content-client.ts, api-client.ts). In a browser it is the browser's
 * own; while the server renders a page for a first visit (src/entry-server.tsx, docs/decisions/0051)
 * it is one the server hands over, which answers the same same-origin paths inside the server.
 */
type Transport = (path: string, init?: RequestInit) => Promise<Response>;

let serverTransport: Transport | null = null;

export function dataFetch(path: string, init?: RequestInit): Promise<Response> {
  return serverTransport ? serverTransport(path, init) : fetch(path, init);
}

/** Called once by the server-side renderer; never in a browser. */
export function setServerTransport(transport: Transport): void {
  serverTransport = transport;
}
