/**
 * Real server processes for tests that need several servers on one PostgreSQL (multi-server.test.ts):
 * each is `node --import tsx src/main.ts`, as `npm run dev` runs it, so no build is needed on a fresh clone.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';

const serverDir = resolve(import.meta.dirname, '..');

export interface ServerProcess {
  /** http://127.0.0.1:<port>, once /api/health answers code 1. */
  url: string;
  /** Everything the process wrote to stdout and stderr so far (its JSON log lines). */
  output(): string;
  /** SIGTERM, then SIGKILL after 10 s; removes its DATA_DIR. Safe to call twice. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  databaseUrl: string;
  /**
   * Extra environment, over the defaults: DEMO=true, WEB_DIST_DIR='', LOG_LEVEL=info, HOST=127.0.0.1,
   * PORT=0 (a free port, read from the log), a DATA_DIR of its own, and no JWT_SECRET or TRUST_PROXY.
   * `undefined` removes a variable.
   */
  env?: Record<string, string | undefined>;
  /** How long to wait for the server to listen and answer /api/health. */
  timeoutMs?: number;
}

/** The processes started and not yet stopped, with how to stop each. */
const running = new Map<ChildProcess, () => Promise<void>>();
// Whatever happens to the test run, no server outlives it.
process.once('exit', () => {
  for (const child of running.keys()) child.kill('SIGKILL');
});

/** Stops every server process this module started that is still running (for afterAll). */
export async function stopAllServerProcesses(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      done();
    });
    child.kill('SIGTERM');
  });
}

/** Starts `src/main.ts` in a process of its own and waits until it serves. */
export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ssd-server-process-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: dataDir,
    DEMO: 'true',
    WEB_DIST_DIR: '',
    LOG_LEVEL: 'info',
    HOST: '127.0.0.1',
    PORT: '0',
    INIT_CWD: serverDir,
  };
  for (const name of ['JWT_SECRET', 'TRUST_PROXY', 'TEST_DATABASE_URL', 'SMTP_URL']) delete env[name];
  for (const [name, value] of Object.entries(options.env ?? {})) {
    if (value === undefined) delete env[name];
    else env[name] = value;
  }

  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], { cwd: serverDir, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let onOutput = () => {};
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
    onOutput();
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= stopChild(child).finally(() => {
      running.delete(child);
      rmSync(dataDir, { recursive: true, force: true });
    });
    return stopped;
  };
  running.set(child, stop);

  try {
    const url = await new Promise<string>((found, failed) => {
      const timer = setTimeout(() => failed(new Error(`the server did not listen within ${options.timeoutMs ?? 60_000} ms`)), options.timeoutMs ?? 60_000);
      child.once('error', failed);
      child.once('exit', (code, signal) => failed(new Error(`the server exited before listening (code ${code}, signal ${signal})`)));
      onOutput = () => {
        const address = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
        if (address) {
          clearTimeout(timer);
          found(address);
        }
      };
      onOutput();
    });
    await waitForHealth(url, options.timeoutMs ?? 60_000);
    return { url, output: () => output, stop };
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`, { cause: error });
  }
}

async function waitForHealth(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok && ((await res.json()) as { code?: number }).code === 1) return;
    } catch {
      // not answering yet
    }
    if (Date.now() > deadline) throw new Error(`${url}/api/health did not answer code 1 within ${timeoutMs} ms`);
    await new Promise((wait) => setTimeout(wait, 100));
  }
}

/** A new, empty database (no tables, no migrations) on the server of `serverUrl`, and how to drop it. */
export async function createEmptyDatabase(serverUrl: string): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  const name = `ssd_multi_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
