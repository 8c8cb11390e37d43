/**
 * A small keep-alive HTTP client for the checkout bench (node:http: less work per request than fetch, so
 * the load generator takes less of the two shared cores), and the latency summaries.
 */
import http from 'node:http';
import { percentile } from './load';

export interface Answer {
  status: number;
  body: unknown;
  /** From sending the request to the end of the answer, in ms. */
  ms: number;
}

export class HttpClient {
  readonly agent: http.Agent;

  constructor(maxSockets: number) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets });
  }

  request(baseUrl: string, method: 'GET' | 'POST' | 'PATCH', path: string, options: { token?: string; body?: unknown } = {}): Promise<Answer> {
    const url = new URL(path, baseUrl);
    const payload = options.body === undefined ? null : Buffer.from(JSON.stringify(options.body));
    const headers: Record<string, string> = {};
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    const started = performance.now();
    return new Promise((resolve, reject) => {
      const request = http.request(
        { agent: this.agent, host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers, timeout: 30_000 },
        (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => {
            const ms = performance.now() - started;
            const text = Buffer.concat(chunks).toString('utf8');
            let body: unknown = text;
            try {
              body = JSON.parse(text);
            } catch {
              // not JSON: kept as text
            }
            resolve({ status: response.statusCode ?? 0, body, ms });
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path} timed out`)));
      request.on('error', reject);
      if (payload) request.write(payload);
      request.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface Latency {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export function summarize(samples: number[]): Latency {
  const sorted = [...samples].sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}

/** `data` of an /api envelope. */
export function dataOf<T>(answer: Answer): T {
  return (answer.body as { data: T }).data;
}

export function describe(answer: Answer): string {
  return `${answer.status} ${typeof answer.body === 'string' ? answer.body.slice(0, 200) : JSON.stringify(answer.body).slice(0, 200)}`;
}
