/**
 * A poor man's profile of the database side of a load: pg_stat_activity sampled every few milliseconds,
 * counting what each non-idle session of the bench database is doing (running on CPU, or waiting on a
 * lock, on the WAL flush of a commit, on the client…) and in which statement.
 */
import type pg from 'pg';
import type { HttpClient } from './checkout-http';

export interface WaitShare {
  /** `wait_event_type:wait_event`, `CPU` for an active session waiting on nothing, `idle in transaction` for a session waiting on its client mid-transaction. */
  what: string;
  /** The statement, as the driver sent it (parameters as $n), shortened. */
  statement: string;
  /** Share of all non-idle session samples. */
  share: number;
}

export interface WaitProfile {
  samples: number;
  /** Mean non-idle sessions per sample. */
  meanBusy: number;
  /** By what alone, largest first. */
  byWait: { what: string; share: number }[];
  /** By what and statement, the largest. */
  top: WaitShare[];
}

export interface WaitSampler {
  stop(): Promise<WaitProfile>;
}

function shorten(query: string): string {
  return query.replace(/\s+/g, ' ').replace(/"/g, '').slice(0, 90);
}

export function startWaitSampler(pool: pg.Pool, database: string, everyMs = 20): WaitSampler {
  const counts = new Map<string, number>();
  const waits = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const result = await pool.query<{ wait_event_type: string | null; wait_event: string | null; state: string; query: string }>(
        `SELECT wait_event_type, wait_event, state, query FROM pg_stat_activity
          WHERE datname = $1 AND pid <> pg_backend_pid() AND backend_type = 'client backend'
            AND state <> 'idle' AND query NOT LIKE 'LISTEN%'`,
        [database],
      );
      samples += 1;
      for (const row of result.rows) {
        busy += 1;
        const what =
          row.state === 'idle in transaction' ? 'idle in transaction (waiting on the server process)' : row.wait_event_type ? `${row.wait_event_type}:${row.wait_event}` : 'CPU';
        const key = `${what}\u0000${shorten(row.query)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
        waits.set(what, (waits.get(what) ?? 0) + 1);
      }
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      const total = Math.max(1, busy);
      return {
        samples,
        meanBusy: samples > 0 ? busy / samples : 0,
        byWait: [...waits.entries()].sort((a, b) => b[1] - a[1]).map(([what, n]) => ({ what, share: n / total })),
        top: [...counts.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 8)
          .map(([key, n]) => {
            const [what, statement] = key.split('\u0000') as [string, string];
            return { what, statement, share: n / total };
          }),
      };
    },
  };
}

interface ProcessSnapshot {
  cpuMicros: number;
  loopIdleMs: number;
  loopActiveMs: number;
  at: number;
}

export interface ServerLoad {
  /** CPU time the server process used per second of wall time (1.0 = one core busy). */
  cores: number;
  /** Share of the time its event loop was busy (1.0: every callback waited for the ones before it). */
  loopBusy: number;
}

export interface Observation {
  servers: ServerLoad[];
  database: WaitProfile;
}

async function snapshot(http: HttpClient, baseUrl: string): Promise<ProcessSnapshot> {
  return (await http.request(baseUrl, 'GET', '/bench/process')).body as ProcessSnapshot;
}

/** Watches a load: each server's CPU and event-loop busy share (bench/server.ts /bench/process) and the database's sessions. */
export async function startObserving(http: HttpClient, pool: pg.Pool, database: string, baseUrls: string[]): Promise<{ stop(): Promise<Observation> }> {
  const before = await Promise.all(baseUrls.map((url) => snapshot(http, url)));
  const sampler = startWaitSampler(pool, database);
  return {
    async stop() {
      const after = await Promise.all(baseUrls.map((url) => snapshot(http, url)));
      const profile = await sampler.stop();
      return {
        servers: after.map((a, i) => {
          const b = before[i]!;
          const wallMs = a.at - b.at;
          const active = a.loopActiveMs - b.loopActiveMs;
          const idle = a.loopIdleMs - b.loopIdleMs;
          return { cores: (a.cpuMicros - b.cpuMicros) / 1000 / wallMs, loopBusy: active + idle > 0 ? active / (active + idle) : 0 };
        }),
        database: profile,
      };
    },
  };
}
