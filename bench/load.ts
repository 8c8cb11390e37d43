/**
 * Load runs with autocannon: N connections for a fixed time, rotating through a list of paths
 * (one shared cursor, so consecutive requests ask different things), after a warm-up on the same
 * paths. Latency percentiles come from every response's own duration (sub-millisecond), not from
 * autocannon's millisecond histogram, which has no p95.
 */
import autocannon from 'autocannon';
import type { PathSource } from './cold';

/** A fixed list of paths taken in turn, or a source that makes a new one for every request (cold.ts). */
export type Paths = string[] | PathSource;

export interface LoadOptions {
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
}

export interface LoadResult {
  name: string;
  /** How many distinct paths it rotated through; 'new' when every request had a new address. */
  paths: number | 'new';
  requests: number;
  seconds: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Non-2xx answers plus socket errors and timeouts; a valid run has none. */
  failures: number;
  bytesPerResponse: number;
}

/** The q-th percentile (0..100) of sorted values, nearest-rank. */
export function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((q / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] as number;
}

interface Samples {
  latencies: number[];
  bytes: number;
}

function once(baseUrl: string, paths: Paths, connections: number, seconds: number, samples: Samples | null, headers: Record<string, string>) {
  let cursor = 0;
  const next = () => {
    if (!Array.isArray(paths)) return paths.next();
    const path = paths[cursor % paths.length] as string;
    cursor += 1;
    return path;
  };
  return new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      {
        url: baseUrl,
        connections,
        duration: seconds,
        pipelining: 1,
        timeout: 10,
        requests: [{ method: 'GET', headers, setupRequest: (request) => ({ ...request, path: next() }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (samples) {
      instance.on('response', (_client, statusCode, bytes, responseTime) => {
        if (statusCode < 200 || statusCode >= 300) return;
        samples.latencies.push(responseTime);
        samples.bytes += bytes;
      });
    }
  });
}

export async function load(
  name: string,
  baseUrl: string,
  paths: Paths,
  options: LoadOptions,
  headers: Record<string, string> = {},
): Promise<LoadResult> {
  if (options.warmupSeconds > 0) await once(baseUrl, paths, options.connections, options.warmupSeconds, null, headers);
  const samples: Samples = { latencies: [], bytes: 0 };
  const result = await once(baseUrl, paths, options.connections, options.durationSeconds, samples, headers);
  const latencies = samples.latencies.sort((a, b) => a - b);
  const ok = result['2xx'];
  const failures = result.non2xx + result.errors + result.timeouts;
  const seconds = result.duration;
  return {
    name,
    paths: Array.isArray(paths) ? paths.length : 'new',
    requests: ok,
    seconds,
    requestsPerSecond: ok / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    max: latencies[latencies.length - 1] ?? Number.NaN,
    failures,
    bytesPerResponse: latencies.length > 0 ? Math.round(samples.bytes / latencies.length) : 0,
  };
}
