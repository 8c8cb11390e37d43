import { Worker } from 'node:worker_threads';
import { messages, type QueryOptions, type Results } from '@electric-sql/pglite';
import { pgliteArtifacts, type PGliteStart } from './pglite-options';
import { errorFrom, type WorkerReply, type WorkerRequest } from './pglite-messages';

/** A request without its id (given when it is sent). */
type Sent = WorkerRequest extends infer R ? (R extends unknown ? Omit<R, 'id'> : never) : never;

/** What drizzle's PGlite driver and the store call on a transaction (PGlite's Transaction, in part). */
export interface RemoteTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string): Promise<Array<Results>>;
}

/**
 * The embedded database as the server's thread sees it when PGlite runs in a worker (pglite-worker.ts,
 * decisions/0101): the part of PGlite's interface the store and drizzle's PGlite driver use (query, exec,
 * transaction, listen, dumpDataDir, close), each call a message to the worker.
 *
 * A query's `parsers` may only keep a type's value as text (drizzle's and the content service's are all
 * `value => value`): functions cannot cross the thread, so their types are sent and the worker keeps those raw.
 */
export class RemotePGlite {
  readonly #worker: Worker;
  readonly #pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void; text?: string; params?: unknown[] }>();
  readonly #listeners = new Map<number, (payload: string) => void>();
  #next = 1;
  #closed = false;

  private constructor(worker: Worker) {
    this.#worker = worker;
    // Like a socket, the worker keeps the process alive only while a call waits on it (#send, #receive).
    worker.unref();
    worker.on('message', (reply: WorkerReply) => this.#receive(reply));
    worker.on('error', (error) => this.#failAll(error));
    worker.on('exit', (code) => this.#failAll(new Error(`the embedded database's worker stopped (exit code ${code})`)));
  }

  /** Starts the worker and opens the database in it; rejects with the worker's error if it cannot open. */
  static async create(start: PGliteStart): Promise<RemotePGlite> {
    const worker = newWorker({ ...start, artifacts: await pgliteArtifacts() });
    await new Promise<void>((resolve, reject) => {
      const first = (reply: WorkerReply) => {
        worker.off('error', reject);
        if (reply.ok) resolve();
        else reject(errorFrom(reply.error));
      };
      worker.once('message', first);
      worker.once('error', reject);
      // Settled already unless the worker ended without a word (once ready, the instance hears its exit).
      worker.once('exit', (code) => reject(new Error(`the embedded database's worker stopped while opening (exit code ${code})`)));
    });
    return new RemotePGlite(worker);
  }

  get closed(): boolean {
    return this.#closed;
  }

  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#send({ op: 'query', text, params, ...queryShape(options) }) as Promise<Results<T>>;
  }

  exec(text: string): Promise<Array<Results>> {
    return this.#send({ op: 'exec', text }) as Promise<Array<Results>>;
  }

  /**
   * `work` inside one transaction, its statements run in order while the worker holds the database for it;
   * committed when `work` resolves, rolled back when it throws.
   */
  async transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const session = (await this.#send({ op: 'begin' })) as number;
    const tx: RemoteTransaction = {
      query: <R,>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        this.#send({ op: 'query', text, params, ...queryShape(options), session }) as Promise<Results<R>>,
      exec: (text: string) => this.#send({ op: 'exec', text, session }) as Promise<Array<Results>>,
    };
    let result: T;
    try {
      result = await work(tx);
    } catch (error) {
      // The work's error is what the caller needs; a worker that cannot even roll back fails every later call anyway.
      await this.#send({ op: 'end', session, commit: false }).catch(() => {});
      throw error;
    }
    await this.#send({ op: 'end', session, commit: true });
    return result;
  }

  async listen(channel: string, callback: (payload: string) => void): Promise<() => Promise<void>> {
    const listener = (await this.#send({ op: 'listen', channel })) as number;
    this.#listeners.set(listener, callback);
    return async () => {
      this.#listeners.delete(listener);
      await this.#send({ op: 'unlisten', listener });
    };
  }

  async dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob> {
    const bytes = (await this.#send({ op: 'dump', ...(compression ? { compression } : {}) })) as ArrayBuffer;
    return new Blob([bytes]);
  }

  async close(): Promise<void> {
    if (this.#closed) return;
    await this.#send({ op: 'close' });
    this.#closed = true;
    await this.#worker.terminate();
  }

  #send(request: Sent): Promise<unknown> {
    if (this.#closed) return Promise.reject(new Error('the embedded database is closed'));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      const pending = request.op === 'query' ? { resolve, reject, text: request.text, params: request.params } : { resolve, reject };
      if (this.#pending.size === 0) this.#worker.ref();
      this.#pending.set(id, pending);
      this.#worker.postMessage({ ...request, id } as WorkerRequest);
    });
  }

  #receive(reply: WorkerReply): void {
    if (reply.ok && reply.notify) {
      this.#listeners.get(reply.notify.listener)?.(reply.notify.payload);
      return;
    }
    const pending = this.#pending.get(reply.id);
    if (!pending) return;
    this.#pending.delete(reply.id);
    if (this.#pending.size === 0) this.#worker.unref();
    if (reply.ok) pending.resolve(reply.result);
    else {
      const error = errorFrom(reply.error);
      // As PGlite's query adds to its errors (makePGliteError): the statement and its values.
      if (error instanceof messages.DatabaseError && pending.text !== undefined) Object.assign(error, { query: pending.text, params: pending.params });
      pending.reject(error);
    }
  }

  #failAll(error: Error): void {
    this.#closed = true;
    for (const pending of this.#pending.values()) pending.reject(error);
    this.#pending.clear();
  }
}

/** The parts of a query's options the worker takes: the row mode, and the types whose parsers keep them as text. */
function queryShape(options: QueryOptions | undefined): { rowMode?: 'array' | 'object'; rawTypes?: number[] } {
  if (!options) return {};
  return {
    ...(options.rowMode ? { rowMode: options.rowMode } : {}),
    ...(options.parsers ? { rawTypes: rawTypesOf(options.parsers) } : {}),
  };
}

/** The type ids of a parsers object, listed once per object: drizzle and the content service each pass the same one every time. */
const rawTypeLists = new WeakMap<object, number[]>();
function rawTypesOf(parsers: NonNullable<QueryOptions['parsers']>): number[] {
  let list = rawTypeLists.get(parsers);
  if (!list) rawTypeLists.set(parsers, (list = Object.keys(parsers).map(Number)));
  return list;
}

/**
 * The worker, running pglite-worker beside this module: the built JavaScript in dist/, or under tsx (the
 * tests, `npm run dev`, the bench) its TypeScript, loaded through tsx's API (a worker does not inherit the
 * loader the process was started with).
 */
function newWorker(start: PGliteStart): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./pglite-worker.js', import.meta.url), { workerData: start });
  const file = new URL('./pglite-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(file)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(boot, { eval: true, workerData: start });
}
