import { isIP } from 'node:net';

/**
 * Which proxies in front of the server may tell it the client's address (TRUST_PROXY).
 *
 * Every proxy that follows the usual convention appends the address it received the request from to
 * `X-Forwarded-For`, after whatever the client wrote there. The client's real address is therefore the
 * right-most entry that no trusted proxy wrote; everything to its left is the client's own word.
 * - `false`: no proxy is trusted; the client is the socket's peer and `X-Forwarded-For` is ignored.
 * - `{ hops: n }`: the n nearest hops (the socket's peer, then the right-most entries) are proxies; the
 *   client is the n-th entry from the right. Safe only when the server cannot be reached but through
 *   those proxies: a direct client could otherwise name any address.
 * - `{ proxies: [...] }`: addresses and CIDRs of the proxies (or proxy-addr's names `loopback`,
 *   `linklocal`, `uniquelocal`); the client is the right-most address outside them.
 * `true` is never "trust every hop", which would take the left-most entry, the one the client writes:
 * TRUST_PROXY=true means one hop (docs/decisions/0017-trust-proxy.md).
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

/** What Fastify's `trustProxy` option is given: a list it hands to proxy-addr, or a hop-count function. */
export type FastifyTrustProxy = false | string[] | ((address: string, hop: number) => boolean);

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);
const TRUE_WORDS = new Set(['true', 'yes', 'on']);
const FALSE_WORDS = new Set(['false', 'no', 'off']);

const EXPECTED =
  'TRUST_PROXY must be false, a number of proxies in front of the server (1, 2, ...), or a comma-separated list of ' +
  "the proxies' addresses or CIDRs (127.0.0.1,10.0.0.0/8)";

/** Why `entry` is not a proxy address, CIDR or named range; null when it is one. */
function invalidProxyEntry(entry: string): string | null {
  if (NAMED_RANGES.has(entry)) return null;
  const slash = entry.indexOf('/');
  const address = slash < 0 ? entry : entry.slice(0, slash);
  const family = isIP(address);
  if (family === 0) return `'${entry}' is not an IP address or CIDR`;
  if (slash < 0) return null;
  const prefix = entry.slice(slash + 1);
  const maxPrefix = family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > maxPrefix) return `'${entry}' has a prefix length that is not 0 to ${maxPrefix}`;
  return null;
}

/** Reads TRUST_PROXY; throws, naming the variable, for anything it can't read. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const raw = (value ?? '').trim();
  const word = raw.toLowerCase();
  if (raw === '' || FALSE_WORDS.has(word)) return false;
  if (TRUE_WORDS.has(word)) return { hops: 1 };
  if (/^\d+$/.test(raw)) {
    const hops = Number(raw);
    if (hops === 0) return false;
    if (!Number.isSafeInteger(hops)) throw new Error(`${EXPECTED}, got '${value}'`);
    return { hops };
  }
  const proxies = raw.split(',').map((entry) => entry.trim());
  for (const entry of proxies) {
    const problem = entry === '' ? 'an entry is empty' : invalidProxyEntry(entry);
    if (problem) throw new Error(`${EXPECTED}, got '${value}': ${problem}`);
  }
  return { proxies };
}

/** The setting as Fastify's `trustProxy` option (a hop count as a function: Fastify 5 trusts no hop for a bare number). */
export function fastifyTrustProxy(setting: TrustProxy): FastifyTrustProxy {
  if (setting === false) return false;
  if ('hops' in setting) {
    const { hops } = setting;
    // proxy-addr asks about the socket's peer (hop 0), then each X-Forwarded-For entry from the right.
    return (_address, hop) => hop < hops;
  }
  return [...setting.proxies];
}

/** One line for the start-up log. */
export function describeTrustProxy(setting: TrustProxy): string {
  if (setting === false) return 'X-Forwarded-For is ignored: the client is the connecting address (TRUST_PROXY unset)';
  if ('hops' in setting) {
    return setting.hops === 1
      ? 'trusting one proxy: the client is the right-most X-Forwarded-For address'
      : `trusting ${setting.hops} proxies: the client is the address ${setting.hops} places from the right of X-Forwarded-For`;
  }
  return `trusting the proxies ${setting.proxies.join(', ')}: the client is the right-most address outside them`;
}
