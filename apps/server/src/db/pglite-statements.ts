import { messages, parse as pgliteParse, protocol, types, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/**
 * Named prepared statements for embedded PGlite (issue 13, docs/decisions/0048-pglite-prepared-statements.md).
 *
 * PGlite's own `query` sends every statement as six separate calls into its WebAssembly
 * (Parse, Describe, Bind, Describe, Execute, Sync): PostgreSQL parses and analyses the text each
 * time, and the result parsing copies PGlite's whole type-parser table for every query. This
 * `query` parses a statement text once (Parse + Describe, kept under a name, the most recently used
 * STATEMENT_CAPACITY of them), then runs it with one call (Bind + Execute + Sync) and parses the
 * rows with the parsers of its own columns only. Same messages, same type serializers and parsers,
 * same result shape and errors as PGlite's `query`; notifications still reach `listen`.
 *
 * Only the client's top-level `query` changes: a transaction's queries (drizzle's `db.transaction`
 * uses PGlite's `transaction`), `exec` and `listen` stay PGlite's own.
 */

/**
 * Statement texts kept parsed. The content service writes a few hundred shapes in all (449 after 26,000
 * cold listings and searches of every kind, about 32 KiB of plans each): with 200 kept, mixed traffic
 * parsed and custom-planned them again and again, at 743–814 µs of CPU a request instead of 553–559
 * (decisions/0090).
 */
export const STATEMENT_CAPACITY = 500;

/** PostgreSQL's SQLSTATE for "cached plan must not change result type" (a table changed under a kept statement). */
const FEATURE_NOT_SUPPORTED = '0A000';

type Field = { name: string; dataTypeID: number };
type Parser = (value: string, typeId: number) => unknown;
type Serializer = (value: unknown) => string;

interface Statement {
  name: string;
  /** Type of each parameter as PostgreSQL inferred it: chooses the serializer, as PGlite's own query does. */
  parameterTypes: number[];
  /** The columns of the result, from Describe (none for a statement without rows). */
  fields: Field[];
}

const { serialize } = protocol;
const SYNC = serialize.sync();
const EXECUTE = serialize.execute({});

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** What PGlite adds to a database error of `query` (its makePGliteError). */
function withQuery(error: unknown, query: string, params: unknown[], options: QueryOptions | undefined): unknown {
  if (error instanceof messages.DatabaseError) Object.assign(error, { query, params, queryOptions: options });
  return error;
}

/** Numbers statement names: unique in the process, so two caches on one PGlite never take the same name. */
let statementSerial = 0;

/** The statements kept parsed on one PGlite, most recently used last. */
class StatementCache {
  readonly #byText = new Map<string, Statement>();
  /** Names parsed by PGlite no longer kept: closed with the next message sent. */
  #toClose: string[] = [];

  constructor(
    private readonly client: PGlite,
    private readonly capacity: number,
  ) {}

  get size(): number {
    return this.#byText.size;
  }

  /** The kept statement of `text`, parsing it first if needed. Runs inside PGlite's query lock. */
  async statement(text: string, options: QueryOptions | undefined): Promise<Statement> {
    const kept = this.#byText.get(text);
    if (kept) {
      this.#byText.delete(text);
      this.#byText.set(text, kept);
      return kept;
    }
    const name = `ssd_${++statementSerial}`;
    const replies = await this.client.execProtocolStream(concat([...this.#closing(), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), SYNC]), {
      syncToFs: false,
      onNotice: options?.onNotice,
    });
    const rowDescription = replies.find((reply): reply is messages.RowDescriptionMessage => reply.name === 'rowDescription');
    const statement: Statement = {
      name,
      parameterTypes: pgliteParse.parseDescribeStatementResults(replies),
      fields: rowDescription ? rowDescription.fields.map((field) => ({ name: field.name, dataTypeID: field.dataTypeID })) : [],
    };
    this.#byText.set(text, statement);
    if (this.#byText.size > this.capacity) {
      const [oldest] = this.#byText.keys();
      this.forget(oldest!);
    }
    return statement;
  }

  /** Drops `text`'s statement; PGlite closes it with the next message. */
  forget(text: string): void {
    const statement = this.#byText.get(text);
    if (!statement) return;
    this.#byText.delete(text);
    this.#toClose.push(statement.name);
  }

  /** Close messages for the statements dropped since the last message, sent ahead of it. */
  #closing(): Uint8Array[] {
    const closing = this.#toClose.map((name) => serialize.close({ type: 'S', name }));
    this.#toClose = [];
    return closing;
  }

  /** Bind + Execute + Sync of a kept statement, in one call (plus the Close of statements dropped). */
  async run(statement: Statement, values: (string | null)[], options: QueryOptions | undefined): Promise<messages.BackendMessage[]> {
    return this.client.execProtocolStream(concat([...this.#closing(), serialize.bind({ statement: statement.name, values }), EXECUTE, SYNC]), {
      syncToFs: false,
      onNotice: options?.onNotice,
    });
  }
}

/** Parameters as text, by the type PostgreSQL inferred for each (as PGlite's own query serialises them). */
function serializeParams(client: PGlite, params: unknown[], parameterTypes: number[], options: QueryOptions | undefined): (string | null)[] {
  const serializers = client.serializers as Record<number, Serializer | undefined>;
  const custom = options?.serializers as Record<number, Serializer | undefined> | undefined;
  return params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const oid = parameterTypes[i] as number;
    const serializer = custom?.[oid] ?? serializers[oid];
    return serializer ? serializer(value) : (value as { toString(): string }).toString();
  });
}

/**
 * The result as PGlite's parseResults builds it for one statement (rows in `rowMode`, fields,
 * command, affected rows, row count), with each column's parser looked up once per result instead
 * of copying every parser per query.
 */
function toResults<T>(client: PGlite, fields: Field[], replies: messages.BackendMessage[], options: QueryOptions | undefined): Results<T> {
  const defaults = client.parsers as Record<number, Parser | undefined>;
  const custom = options?.parsers as Record<number, Parser | undefined> | undefined;
  const parsers = fields.map((field) => custom?.[field.dataTypeID] ?? defaults[field.dataTypeID]);
  const parseColumn = (value: string | null, i: number): unknown => {
    if (value === null) return null;
    const parser = parsers[i];
    const typeId = fields[i]!.dataTypeID;
    return parser ? parser(value, typeId) : types.parseType(value, typeId);
  };
  const arrayMode = options?.rowMode === 'array';
  const rows: unknown[] = [];
  for (const reply of replies) {
    if (reply.name === 'dataRow') {
      const values = (reply as messages.DataRowMessage).fields;
      if (arrayMode) {
        rows.push(values.map(parseColumn));
      } else {
        const row: Record<string, unknown> = {};
        for (let i = 0; i < values.length; i++) row[fields[i]!.name] = parseColumn(values[i] ?? null, i);
        rows.push(row);
      }
    } else if (reply.name === 'commandComplete') {
      const parts = (reply as messages.CommandCompleteMessage).text.split(' ');
      const command = parts[0]!;
      const rowCount = parseInt(parts[parts.length - 1]!, 10);
      const counted = command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'COPY' || command === 'MERGE';
      const result: Results<T> = { rows: rows as T[], fields, command, affectedRows: counted ? rowCount : 0 } as Results<T>;
      if (!Number.isNaN(rowCount)) (result as { rowCount?: number }).rowCount = rowCount;
      return result;
    }
  }
  return { affectedRows: 0, rows: [], fields: [] };
}

/** PGlite's lock methods: one statement at a time, and none while a transaction holds the database. */
interface PGliteLocks {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _checkReady(): Promise<void>;
}

/**
 * PGlite runs one statement at a time under two locks (async-mutex semaphores: its transaction's, then its
 * query's), taken for every query: about 12 µs of every statement (a kept `select` in a loop, 52 µs through
 * them and 39.5 without; decisions/0048, amendment). Nearly always nothing else wants the database at that
 * moment: the requests of a server reach it one at a time. So a statement runs without the locks when
 * nothing holds or awaits them and no other statement runs so; otherwise it takes them as before. Everything of PGlite's
 * own (its query, exec and transaction, and through them listen) counts as holding them from the moment it
 * asks, and first waits for a statement running without them; so do close and dumpDataDir, which take
 * PGlite's locks privately. The statement itself goes through PGlite's execProtocolStream as before, so
 * its notifications still reach the listeners.
 */
class UncontendedPath {
  /** PGlite's own locked work asked for and not finished (queued or running). */
  #held = 0;
  /** The statement running without the locks, if any. */
  #running: Promise<unknown> | undefined;

  constructor(private readonly client: PGlite) {
    const locks = client as unknown as PGliteLocks & Record<'close' | 'dumpDataDir', (...args: unknown[]) => Promise<unknown>>;
    for (const name of ['_runExclusiveTransaction', '_runExclusiveQuery', 'close', 'dumpDataDir'] as const) {
      const original = (locks[name] as (...args: unknown[]) => Promise<unknown>).bind(client);
      (locks as Record<string, unknown>)[name] = async (...args: unknown[]) => {
        this.#held++;
        try {
          while (this.#running) await this.#running.catch(() => {});
          return await original(...args);
        } finally {
          this.#held--;
        }
      };
    }
  }

  /** Runs `statement` (one statement's messages) alone: without PGlite's locks when uncontended, else under them. */
  async run<T>(statement: () => Promise<T>): Promise<T> {
    if (this.#held === 0 && !this.#running && this.client.ready) {
      const running = statement();
      this.#running = running;
      try {
        return await running;
      } finally {
        this.#running = undefined;
      }
    }
    const locks = this.client as unknown as PGliteLocks;
    await locks._checkReady();
    return locks._runExclusiveTransaction(() => locks._runExclusiveQuery(statement));
  }
}

/**
 * Replaces `client.query` with the prepared-statement one above. Queries that need what it does
 * not do (a blob for COPY, explicit parameter types, an empty text) still go to PGlite's own.
 * Returns the cache, for tests and measurement.
 */
export function usePreparedStatements(client: PGlite, capacity = STATEMENT_CAPACITY): { readonly size: number } {
  const own = client.query.bind(client);
  const cache = new StatementCache(client, capacity);
  const locks = new UncontendedPath(client);

  const runOnce = async <T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> => {
    const statement = await cache.statement(text, options);
    const replies = await cache.run(statement, serializeParams(client, params, statement.parameterTypes, options), options);
    // As PGlite's own query outside its transaction(): persist the files (a no-op in memory).
    await client.syncToFs();
    return toResults<T>(client, statement.fields, replies, options);
  };

  /** runOnce, and once more after parsing again a statement whose table changed under it. */
  const runKept = async <T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> => {
    try {
      return await runOnce<T>(text, params, options);
    } catch (error) {
      // A table changed under a kept statement ("cached plan must not change result type"): parsed
      // again and run once more, as PGlite's own query (which parses every time) would have run it.
      if (!(error instanceof messages.DatabaseError && error.code === FEATURE_NOT_SUPPORTED && /cached plan/.test(error.message))) {
        throw withQuery(error, text, params, options);
      }
      cache.forget(text);
      try {
        return await runOnce<T>(text, params, options);
      } catch (again) {
        throw withQuery(again, text, params, options);
      }
    }
  };

  const query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob || options?.paramTypes || text.trim() === '') return own<T>(text, params, options);
    return locks.run(() => runKept<T>(text, params, options));
  };
  client.query = query as PGlite['query'];
  return cache;
}
