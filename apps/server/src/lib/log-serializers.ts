/**
 * What a logged error may say. The Fastify logger's `err` serializer (app.ts), also called by the
 * handlers that log a 500 (plugins/errors.ts, content/plugin.ts).
 *
 * - A database error is logged by what the statement was (its first keyword and table, e.g.
 *   `select items`), how many parameters it had, its SQLSTATE code and the server's message with
 *   quoted parts removed (PostgreSQL quotes the offending value: `invalid input syntax for type
 *   integer: "…"`). Never the SQL text, the parameters, nor the fields that may repeat them
 *   (`detail`, `where`, `internalQuery`): Drizzle's DrizzleQueryError carries all of them, in its
 *   message (`Failed query: <sql> params: <values>`) and its stack, which the logger's default
 *   serializer writes out whole (megabytes for a large IN list).
 * - In every error, emails (a***@example.com), bearer tokens, JWTs, refresh tokens and other long
 *   random strings, argon2 hashes and `password=…`-style pairs are masked, in the message, the stack,
 *   every other text field and every cause.
 * - Long texts are cut, so no error makes a huge line.
 */

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [key: string]: unknown;
}

const MAX_MESSAGE = 1000;
const MAX_STACK = 4000;
const MAX_FIELD = 500;
/** Texts are masked before they are cut (so no half email survives); longer ones are cut first, roughly. */
const MAX_SCANNED = 16 * 1024;
const MAX_CAUSES = 4;

/** Fields never copied from an error: SQL, its values, and what PostgreSQL may echo of them. */
const NEVER_COPIED = new Set([
  'query',
  'params',
  'parameters',
  'sql',
  'values',
  'detail',
  'where',
  'internalQuery',
  'queryOptions',
  'raw',
  'cause',
  'errors',
  'stack',
  'message',
  'name',
]);

/** What an error serialized here carries, so serializing it again (logger after handler) keeps it. */
const SERIALIZED = Symbol('ssd.serializedError');

// ---------------------------------------------------------------------------------------------
// Masking

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every pattern here runs in time linear in the text (no nested or open-ended backtracking). */
const MASKS: Array<[RegExp, string | ((match: string) => string)]> = [
  [/\beyJ[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]{4,}\.[A-Za-z0-9_-]*/g, '[jwt]'],
  [/\b(Bearer)\s+[^\s"',;]+/gi, '$1 [token]'],
  // A PHC string: $argon2id$v=19$m=19456,t=2,p=1$<salt>$<hash>.
  [/\$(argon2(?:id|i|d))\$[A-Za-z0-9+/=$,.-]*/g, '$$$1$$[hash]'],
  [
    /\b(password|passwd|password_hash|secret|token|access_token|refresh_token|x-refresh-token|authorization|otp|code_verifier)(\s*["']?\s*[:=]\s*["']?)(?!\[|Bearer\b)[^\s"',;&}]+/gi,
    '$1$2[redacted]',
  ],
  // Refresh tokens (32 random bytes, base64url) and the like: long runs mixing cases or digits.
  [
    /[A-Za-z0-9_-]{32,}/g,
    (run: string) => {
      if (UUID.test(run)) return run;
      const kinds = Number(/[a-z]/.test(run)) + Number(/[A-Z]/.test(run)) + Number(/[0-9]/.test(run));
      return kinds >= 2 ? '[token]' : run;
    },
  ],
];

const FAILED_QUERY = 'Failed query: ';

/** Drizzle's `Failed query: <sql>\nparams: <values>`, should such a message have been copied into another. */
function withoutFailedQueries(text: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf(FAILED_QUERY); at !== -1; at = text.indexOf(FAILED_QUERY, from)) {
    out += `${text.slice(from, at)}Failed query: (statement and parameters not logged)`;
    const params = text.indexOf('\nparams: ', at);
    const end = params === -1 ? -1 : text.indexOf('\n', params + 1);
    from = end === -1 ? text.length : end;
  }
  return out + text.slice(from);
}

const LOCAL_PART = /[A-Za-z0-9._%+-]/;
const DOMAIN = /^[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;

/** Emails as their first letter and domain (a***@example.com); found from each `@`, in linear time. */
function maskEmails(text: string): string {
  let out = '';
  let from = 0;
  for (let at = text.indexOf('@'); at !== -1; at = text.indexOf('@', at + 1)) {
    let start = at;
    while (start > from && LOCAL_PART.test(text[start - 1]!)) start -= 1;
    while (start < at && !/[A-Za-z0-9]/.test(text[start]!)) start += 1;
    const domain = DOMAIN.exec(text.slice(at + 1, at + 256))?.[0];
    if (start === at || !domain) continue;
    out += `${text.slice(from, start)}${text[start]}***@${domain}`;
    from = at + 1 + domain.length;
    at = from - 1;
  }
  return out + text.slice(from);
}

/** `text` with emails, tokens, JWTs and password hashes masked. */
export function maskSecrets(text: string): string {
  let out = withoutFailedQueries(text);
  for (const [pattern, replacement] of MASKS) {
    out = typeof replacement === 'string' ? out.replace(pattern, replacement) : out.replace(pattern, replacement);
  }
  return maskEmails(out);
}

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max)}… (${text.length - max} more characters)` : text;
}

/** Masked, then cut to `max` characters. */
function safeText(text: string, max: number): string {
  return cut(maskSecrets(text.length > MAX_SCANNED ? text.slice(0, MAX_SCANNED) : text), max);
}

// ---------------------------------------------------------------------------------------------
// Database errors

interface DatabaseFields {
  code?: unknown;
  severity?: unknown;
  routine?: unknown;
  table?: unknown;
  column?: unknown;
  constraint?: unknown;
  dataType?: unknown;
  schema?: unknown;
}

/** An Error, or an object that looks like one (another realm's, a driver's own class). */
function isErrorLike(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';
}

/** An error from PostgreSQL (node-postgres' DatabaseError, PGlite's): a SQLSTATE code and a severity. */
function isDatabaseError(value: unknown): value is Error & DatabaseFields {
  if (!isErrorLike(value)) return false;
  const { code, severity } = value as DatabaseFields;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** Drizzle's DrizzleQueryError (and anything shaped like it): the SQL text and its parameters. */
function isQueryError(value: unknown): value is Error & { query: string; params: unknown[] } {
  if (!isErrorLike(value)) return false;
  const { query, params } = value as { query?: unknown; params?: unknown };
  return typeof query === 'string' && Array.isArray(params);
}

const IDENTIFIER = String.raw`(?:"(?:[^"]|"")+"|[A-Za-z_][\w$]*)`;
const TABLE_AFTER = new RegExp(String.raw`\b(?:from|into|update|join)\s+(${IDENTIFIER}(?:\.${IDENTIFIER})?)`, 'i');

/** A statement's name for the log: its first keyword and its first table, e.g. `select items`. */
export function statementName(text: string): string {
  const head = text.slice(0, 4000);
  const keyword = /^[\s(]*([A-Za-z]+)/.exec(head)?.[1]?.toLowerCase() ?? 'statement';
  const table = TABLE_AFTER.exec(head)?.[1];
  if (!table) return keyword;
  const name = table
    .split('.')
    .map((part) => part.replace(/^"|"$/g, '').replace(/""/g, '"'))
    .join('.');
  return `${keyword} ${name.slice(0, 63)}`;
}

/** PostgreSQL's message without the parts it quotes (values, and names kept in their own fields). */
function messageWithoutValues(message: string): string {
  return message.split('\n')[0]!.replace(/"(?:[^"\\]|\\.)*"/g, '"…"').replace(/'(?:[^'\\]|\\.)*'/g, "'…'");
}

/** The `at …` lines of a stack, without the message V8 puts first (for a query error: its SQL and values). */
function stackFrames(error: Error): string {
  let stack = typeof error.stack === 'string' ? error.stack : '';
  const header = `${error.name}: ${error.message}`;
  if (stack.startsWith(header)) stack = stack.slice(header.length);
  return stack
    .split('\n')
    .filter((line) => /^\s+at \S/.test(line))
    .slice(0, 20)
    .join('\n');
}

function serializeDatabaseError(error: Error, depth: number): SerializedError {
  const query = isQueryError(error) ? error : null;
  const database = isDatabaseError(error) ? error : isDatabaseError(error.cause) ? error.cause : null;
  const out: SerializedError = { type: typeName(error), message: '', stack: '' };
  let description: string;
  if (database) {
    out.code = database.code;
    description = `database error ${String(database.code)}: ${messageWithoutValues(database.message)}`;
    for (const key of ['severity', 'routine', 'schema', 'table', 'column', 'constraint', 'dataType'] as const) {
      const value = database[key];
      if (typeof value === 'string' && value) out[key] = cut(value, 128);
    }
  } else {
    // The query failed for another reason (a lost connection, a driver error): say which, masked.
    const cause = isErrorLike(error.cause) ? error.cause : null;
    description = cause ? `query failed: ${cause.message.split('\n')[0]}` : 'query failed';
    const code = (cause as { code?: unknown } | null)?.code;
    if (typeof code === 'string') out.code = cut(code, 64);
  }
  if (query) {
    out.statement = statementName(query.query);
    out.parameters = query.params.length;
    description += ` (in ${out.statement}, ${query.params.length} ${query.params.length === 1 ? 'parameter' : 'parameters'})`;
  }
  out.message = safeText(description, MAX_MESSAGE);
  out.stack = safeText(`${error.name}: ${out.message}\n${stackFrames(error)}`, MAX_STACK);
  // A non-database cause (a RangeError in the driver...) is still worth its own entry.
  if (!database && isErrorLike(error.cause) && depth < MAX_CAUSES) out.cause = serialize(error.cause, depth + 1);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Any error

function typeName(error: Error): string {
  const name = typeof error.constructor === 'function' && error.constructor.name !== 'Object' ? error.constructor.name : error.name;
  return typeof name === 'string' && name ? name.slice(0, 100) : 'Error';
}

function serialize(error: Error, depth: number): SerializedError {
  if (isQueryError(error) || isDatabaseError(error)) return serializeDatabaseError(error, depth);
  const out: SerializedError = {
    type: typeName(error),
    message: safeText(error.message, MAX_MESSAGE),
    stack: safeText(typeof error.stack === 'string' ? error.stack : '', MAX_STACK),
  };
  for (const key of Object.keys(error)) {
    if (NEVER_COPIED.has(key)) continue;
    const value = (error as unknown as Record<string, unknown>)[key];
    if (typeof value === 'string') out[key] = safeText(value, MAX_FIELD);
    else if (typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  if (depth < MAX_CAUSES && error.cause !== undefined) {
    out.cause = isErrorLike(error.cause) ? serialize(error.cause, depth + 1) : safeText(String(error.cause), MAX_FIELD);
  }
  const errors = (error as { errors?: unknown }).errors;
  if (depth < MAX_CAUSES && Array.isArray(errors)) {
    out.aggregateErrors = errors.slice(0, 5).map((each) => (isErrorLike(each) ? serialize(each, depth + 1) : safeText(String(each), MAX_FIELD)));
  }
  return out;
}

/**
 * An error as it may be logged (see above). Anything that is not an Error is logged as masked text;
 * an error serialized here already is returned as it is.
 */
export function serializeError(error: unknown): SerializedError {
  if (typeof error === 'object' && error !== null && SERIALIZED in error) return error as unknown as SerializedError;
  const out =
    isErrorLike(error)
      ? serialize(error, 0)
      : { type: typeof error, message: safeText(String(error), MAX_MESSAGE), stack: '' };
  Object.defineProperty(out, SERIALIZED, { value: true });
  return out;
}
