/**
 * The checkout bench's servers under test: bench/server.ts (BENCH_SERVER=app) in processes of their own,
 * started as bench/run.ts starts them, with payments wired to the built-in sandbox (BENCH_PAYMENTS=sandbox).
 * startBenchServer starts one configured otherwise (bench/embedded-threads.ts).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const here = import.meta.dirname;
const root = resolve(here, '..');

export interface Running {
  child: ChildProcess;
  baseUrl: string;
}

/**
 * Extra node options for the server processes, for profiling by hand: BENCH_SERVER_NODE_ARGS='--cpu-prof
 * --cpu-prof-dir=/tmp/prof' writes a .cpuprofile per server when it stops (NODE_OPTIONS refuses --cpu-prof).
 */
const extraNodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(/\s+/).filter(Boolean);

export function startAppServer(env: Record<string, string>): Promise<Running> {
  return startBenchServer({ ...env, BENCH_SERVER: 'app', BENCH_PAYMENTS: 'sandbox' });
}

/** bench/server.ts in a process of its own, configured by `env` (BENCH_SERVER and the rest, over this process's environment). */
export function startBenchServer(env: Record<string, string>): Promise<Running> {
  const child = spawn(process.execPath, [...extraNodeArgs, '--import', 'tsx', join(here, 'server.ts')], {
    cwd: root,
    env: { ...process.env, ...env, NODE_ENV: 'production' },
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
  });
  return new Promise((resolvePromise, reject) => {
    let buffered = '';
    const timer = setTimeout(() => reject(new Error('bench server did not start in 60 s')), 60_000);
    child.stdout?.on('data', (chunk: Buffer) => {
      buffered += chunk.toString();
      const match = /READY (\d+)/.exec(buffered);
      if (match) {
        clearTimeout(timer);
        buffered = '';
        resolvePromise({ child, baseUrl: `http://127.0.0.1:${match[1]}` });
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bench server exited with ${code} before it was ready`));
    });
  });
}

export function stopServer(running: Running | null): Promise<void> {
  if (!running || running.child.exitCode !== null) return Promise.resolve();
  return new Promise((resolvePromise) => {
    const kill = setTimeout(() => running.child.kill('SIGKILL'), 5000);
    running.child.once('exit', () => {
      clearTimeout(kill);
      resolvePromise();
    });
    running.child.kill('SIGTERM');
  });
}

/** Starts `count` servers on the database together (as several servers of one store would start) and stops them after `work`. */
export async function withServers<T>(count: number, env: Record<string, string>, work: (servers: Running[]) => Promise<T>): Promise<T> {
  const started = await Promise.allSettled(Array.from({ length: count }, () => startAppServer(env)));
  const servers = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  try {
    const failed = started.find((result) => result.status === 'rejected');
    if (failed) throw (failed as PromiseRejectedResult).reason;
    return await work(servers);
  } finally {
    await Promise.all(servers.map((server) => stopServer(server)));
  }
}
