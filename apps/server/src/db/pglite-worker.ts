import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { usePreparedStatements } from './pglite-statements';
import { pgliteOptions, type PGliteStart } from './pglite-options';
import { errorFields, type WorkerReply, type WorkerRequest } from './pglite-messages';

/**
 * The embedded database in a thread of its own (decisions/0101): this worker owns the PGlite instance, with
 * its statements kept parsed (pglite-statements.ts), and answers the messages of pglite-remote.ts. So the
 * server's event loop writes HTTP while the database works, on the other core.
 */

const port = parentPort!;
const start = workerData as PGliteStart;

function reply(message: WorkerReply): void {
  port.postMessage(message);
}

function failed(id: number, error: unknown): void {
  reply({ id, ok: false, error: errorFields(error) });
}

/** Parsers that keep the given types' values as PostgreSQL's text (all the app asks of PGlite's parsers). */
const rawParsers = new Map<string, Record<number, (value: string) => string>>();
function parsersOf(rawTypes: number[] | undefined) {
  if (!rawTypes) return undefined;
  const key = rawTypes.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) rawParsers.set(key, (parsers = Object.fromEntries(rawTypes.map((oid) => [oid, (value: string) => value]))));
  return parsers;
}

/** A transaction's statements, handed over one at a time in the order they came. */
class Session {
  readonly #waiting: WorkerRequest[] = [];
  #wake: ((request: WorkerRequest) => void) | undefined;

  push(request: WorkerRequest): void {
    if (this.#wake) {
      const wake = this.#wake;
      this.#wake = undefined;
      wake(request);
    } else this.#waiting.push(request);
  }

  next(): Promise<WorkerRequest> {
    const waiting = this.#waiting.shift();
    if (waiting) return Promise.resolve(waiting);
    return new Promise((resolve) => (this.#wake = resolve));
  }
}

const sessions = new Map<number, Session>();
const unlisteners = new Map<number, () => Promise<void>>();

/** Thrown inside PGlite's transaction to roll it back when the caller's work failed. */
const ROLLBACK = Symbol('rollback');

async function runOn(target: PGlite | Transaction, request: Extract<WorkerRequest, { op: 'query' | 'exec' }>): Promise<unknown> {
  if (request.op === 'exec') return target.exec(request.text);
  return target.query(request.text, request.params, {
    ...(request.rowMode ? { rowMode: request.rowMode } : {}),
    ...(request.rawTypes ? { parsers: parsersOf(request.rawTypes) } : {}),
  });
}

async function transaction(client: PGlite, begin: number): Promise<void> {
  const session = new Session();
  sessions.set(begin, session);
  let end: Extract<WorkerRequest, { op: 'end' }> | undefined;
  try {
    await client.transaction(async (tx) => {
      reply({ id: begin, ok: true, result: begin });
      for (;;) {
        const next = await session.next();
        if (next.op === 'end') {
          end = next;
          if (!next.commit) throw ROLLBACK;
          return;
        }
        if (next.op !== 'query' && next.op !== 'exec') throw new Error(`pglite-worker: ${next.op} inside a transaction`);
        try {
          reply({ id: next.id, ok: true, result: await runOn(tx, next) });
        } catch (error) {
          failed(next.id, error);
        }
      }
    });
    if (end) reply({ id: end.id, ok: true, result: null });
  } catch (error) {
    if (end) {
      if (error === ROLLBACK) reply({ id: end.id, ok: true, result: null });
      else failed(end.id, error);
    } else failed(begin, error);
  } finally {
    sessions.delete(begin);
  }
}

async function handle(client: PGlite, request: WorkerRequest): Promise<void> {
  if ('session' in request && request.session !== undefined) {
    const session = sessions.get(request.session);
    if (session) session.push(request);
    else failed(request.id, new Error('pglite-worker: the transaction has ended'));
    return;
  }
  try {
    switch (request.op) {
      case 'query':
      case 'exec':
        reply({ id: request.id, ok: true, result: await runOn(client, request) });
        return;
      case 'begin':
        await transaction(client, request.id);
        return;
      case 'end':
        failed(request.id, new Error('pglite-worker: no such transaction'));
        return;
      case 'listen': {
        const unlisten = await client.listen(request.channel, (payload) => reply({ id: 0, ok: true, notify: { listener: request.id, payload } }));
        unlisteners.set(request.id, unlisten);
        reply({ id: request.id, ok: true, result: request.id });
        return;
      }
      case 'unlisten':
        await unlisteners.get(request.listener)?.();
        unlisteners.delete(request.listener);
        reply({ id: request.id, ok: true, result: null });
        return;
      case 'dump': {
        const dump = await client.dumpDataDir(request.compression);
        reply({ id: request.id, ok: true, result: await dump.arrayBuffer() });
        return;
      }
      case 'close':
        await client.close();
        reply({ id: request.id, ok: true, result: null });
        port.close();
        return;
    }
  } catch (error) {
    failed(request.id, error);
  }
}

try {
  const client = await PGlite.create(pgliteOptions(start));
  usePreparedStatements(client);
  port.on('message', (request: WorkerRequest) => void handle(client, request));
  reply({ id: 0, ok: true, result: 'ready' });
} catch (error) {
  failed(0, error);
}
