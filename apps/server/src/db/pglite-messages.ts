import { messages } from '@electric-sql/pglite';

/**
 * The messages between the server's thread and the embedded database's worker (pglite-remote.ts,
 * pglite-worker.ts). Each request has an id its reply carries; `session` sends a statement into the
 * transaction whose `begin` had that id.
 */
export type WorkerRequest =
  | { id: number; op: 'query'; text: string; params: unknown[]; rowMode?: 'array' | 'object'; rawTypes?: number[]; session?: number }
  | { id: number; op: 'exec'; text: string; session?: number }
  | { id: number; op: 'begin' }
  | { id: number; op: 'end'; session: number; commit: boolean }
  | { id: number; op: 'listen'; channel: string }
  | { id: number; op: 'unlisten'; listener: number }
  | { id: number; op: 'dump'; compression?: 'none' | 'gzip' | 'auto' }
  | { id: number; op: 'close' };

export type WorkerReply =
  | { id: number; ok: true; result: unknown; notify?: undefined }
  | { id: 0; ok: true; notify: { listener: number; payload: string } }
  | { id: number; ok: false; error: ErrorFields };

/** What crosses the thread of an error: PostgreSQL's fields of a database error, or a message. */
export interface ErrorFields {
  message: string;
  database?: Record<string, unknown>;
}

/** The fields of PostgreSQL's error response that PGlite's DatabaseError carries (pg-protocol's names). */
const DATABASE_ERROR_FIELDS = [
  'length',
  'severity',
  'code',
  'detail',
  'hint',
  'position',
  'internalPosition',
  'internalQuery',
  'where',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'file',
  'line',
  'routine',
] as const;

export function errorFields(error: unknown): ErrorFields {
  if (error instanceof messages.DatabaseError) {
    const fields = error as unknown as Record<string, unknown>;
    return { message: error.message, database: Object.fromEntries(DATABASE_ERROR_FIELDS.filter((name) => fields[name] !== undefined).map((name) => [name, fields[name]])) };
  }
  return { message: error instanceof Error ? error.message : String(error) };
}

/** The error as the worker's PGlite threw it: a DatabaseError with PostgreSQL's fields, or an Error. */
export function errorFrom(fields: ErrorFields): Error {
  if (!fields.database) return new Error(fields.message);
  const error = new messages.DatabaseError(fields.message, Number(fields.database.length ?? 0), 'error');
  return Object.assign(error, fields.database);
}
