import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, inject, vi } from 'vitest';
import type { LoginData } from '@ssd/shared/auth';
import { buildApp, type AppOptions } from '../src/app';
import { DEFAULT_POOL_SIZE, openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { genericPlansOf } from '../src/db/generic-plans';
import { users, type AuthProvider, type UserRole } from '../src/db/schema';
import { hashPassword } from '../src/modules/auth/passwords';
import { issueSession } from '../src/modules/auth/sessions';
import { seedIfEmpty } from '../src/seed/seed';

/**
 * The SQL text of every statement sent to `db`'s client while `action` runs (PGlite's or the pool's
 * `query`, called with a text or a `{ text }` config; postgres.js' `unsafe`, for DatabaseHandle.reads),
 * and what `action` returned.
 */
export async function statementsSentDuring<T>(db: Database, action: () => Promise<T>): Promise<{ result: T; texts: string[] }> {
  const client = (db as unknown as { $client: { query?: (...args: unknown[]) => unknown; unsafe?: (...args: unknown[]) => unknown } }).$client;
  const sent = typeof client.query === 'function' ? vi.spyOn(client as { query: (...args: unknown[]) => unknown }, 'query') : vi.spyOn(client as { unsafe: (...args: unknown[]) => unknown }, 'unsafe');
  // On PostgreSQL the listings planned once per shape go through the pipelined connection (decisions/0100).
  const generic = client instanceof pg.Pool ? genericPlansOf(client) : undefined;
  const sentGeneric = generic ? vi.spyOn(generic.client as unknown as { unsafe: (...args: unknown[]) => unknown }, 'unsafe') : undefined;
  try {
    const result = await action();
    const calls = [sent, sentGeneric].flatMap((spy) => (spy ? spy.mock.calls.map((call, i) => ({ statement: call[0], order: spy.mock.invocationCallOrder[i]! })) : []));
    const texts = calls
      .sort((a, b) => a.order - b.order)
      .map(({ statement }) => (typeof statement === 'string' ? statement : (statement as { text: string }).text));
    return { result, texts };
  } finally {
    sent.mockRestore();
    sentGeneric?.mockRestore();
  }
}

/**
 * The statements the generic-plan connection keeps prepared (db/generic-plans.ts, decisions/0100), with how
 * often PostgreSQL planned each generically and for its values; asked on that one connection itself.
 */
export async function keptGenericStatements(db: Database): Promise<Array<{ statement: string; generic_plans: number; custom_plans: number }>> {
  const generic = genericPlansOf((db as unknown as { $client: pg.Pool }).$client);
  if (!generic) throw new Error('keptGenericStatements: the handle has no generic-plan connection (PostgreSQL only)');
  return generic.client.unsafe('select statement, generic_plans::int, custom_plans::int from pg_prepared_statements');
}

/** Set by .ci/run (or by hand) to run the same suite against a real PostgreSQL. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

let template: Blob | undefined;

/** The run's migrated embedded database (test/global-setup.ts), read once per file. */
function pgliteTemplate(): Blob | undefined {
  const file = inject('pgliteTemplate');
  if (file && !template) template = new Blob([readFileSync(file)]);
  return template;
}

/**
 * Where the suite's embedded databases run PGlite: in a worker thread, as the server runs it (decisions/0101),
 * or with TEST_PGLITE_THREAD=main on the test's own thread (to tell a fault of the worker's messages from one
 * of the code under test). The whole suite took 282 s with workers and 256 s without (2026-11-30, one run each).
 */
export const TEST_PGLITE_THREAD = process.env.TEST_PGLITE_THREAD === 'main' ? 'main' : 'worker';

/**
 * A fresh, migrated database: in-memory PGlite by default (TEST_PGLITE_THREAD), started from the run's migrated template;
 * with TEST_DATABASE_URL, a new database created on that server for this test file and dropped at close,
 * reached through a pool of `poolSize` connections (the server's default unless a test says otherwise).
 */
export async function freshDatabase(poolSize = DEFAULT_POOL_SIZE): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) {
    const migrated = pgliteTemplate();
    return openDatabase({ kind: 'pglite', dataDir: null, thread: TEST_PGLITE_THREAD, ...(migrated ? { template: migrated } : {}) });
  }
  const name = `ssd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/**
 * The app on a fresh database with the demo catalogue, for one test file: built before its tests and
 * closed after them (registers the file's beforeAll and afterAll). Read its fields inside tests only.
 */
export function seededTestApp(): TestApp {
  let built: TestApp | undefined;
  beforeAll(async () => {
    built = await buildTestApp();
    await seedIfEmpty(built.db);
  });
  afterAll(() => built?.close());
  const current = (): TestApp => {
    if (!built) throw new Error('seededTestApp: read before the file\'s beforeAll ran');
    return built;
  };
  return {
    get app() {
      return current().app;
    },
    get db() {
      return current().db;
    },
    get database() {
      return current().database;
    },
    close: () => current().close(),
  };
}

/** Builds the whole app on a fresh database, as main.ts does, without listening. */
export async function buildTestApp(
  overrides: Partial<AppOptions> = {},
  /** Registers test-only routes before the app boots. */
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await freshDatabase();
  const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webDistDir: null, logLevel: 'silent', ...overrides });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Creates a user with a real session (as a login would) and returns its access token. */
export async function createUserWithToken(
  testApp: TestApp,
  { role = 'user', email }: { role?: UserRole; email?: string } = {},
): Promise<{ id: string; token: string; email: string; refreshToken: string }> {
  const address = email ?? `${role}-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await testApp.db
    .insert(users)
    .values({ name: role === 'ssd_admin' ? 'Store Admin' : 'Test Shopper', email: address, role })
    .returning({ id: users.id, name: users.name, email: users.email, role: users.role, auth_provider: users.auth_provider });
  if (!row) throw new Error('user was not created');
  const login = await issueSession(testApp.db, testApp.app.tokens, row);
  return { id: row.id, token: login.access_token, email: address, refreshToken: login.refresh_token };
}

/** Creates an account with a password (or a Google-only one with none). */
export async function createAccount(
  testApp: TestApp,
  { email, password = 'correct-horse-1', name = 'Asha Rao', provider = 'local' }: { email?: string; password?: string | null; name?: string; provider?: AuthProvider } = {},
): Promise<{ id: string; email: string; password: string | null }> {
  const address = email ?? `shopper-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await testApp.db
    .insert(users)
    .values({ name, email: address, password_hash: password ? await hashPassword(password) : null, auth_provider: provider })
    .returning({ id: users.id });
  if (!row) throw new Error('user was not created');
  return { id: row.id, email: address, password };
}

/** A clock tests move forward instead of sleeping; starts at the real time. */
export class TestClock {
  private at = Date.now();
  readonly now = (): Date => new Date(this.at);
  advance(ms: number): void {
    this.at += ms;
  }
}

/** A fresh client address per test, so per-address limits of one test don't reach the next. */
let addressCounter = 0;
export function nextClientAddress(): string {
  addressCounter += 1;
  return `10.${(addressCounter >> 16) & 255}.${(addressCounter >> 8) & 255}.${addressCounter & 255}`;
}

/** A unique email per test. */
export function uniqueEmail(prefix = 'shopper'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

export interface ReceivedMail {
  to: string[];
  subject: string;
  /** The decoded text/plain and text/html parts. */
  text: string | null;
  html: string | null;
  raw: string;
}

function decodeBody(body: string, encoding: string): string {
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

function splitHead(part: string): { headers: Record<string, string>; body: string } {
  const at = part.search(/\r?\n\r?\n/);
  const head = at < 0 ? part : part.slice(0, at);
  const body = at < 0 ? '' : part.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

/** Reads the text and HTML parts out of a message as nodemailer writes it (multipart/alternative). */
export function parseMail(raw: string, to: string[] = []): ReceivedMail {
  const { headers, body } = splitHead(raw);
  const mail: ReceivedMail = { to, subject: headers.subject ?? '', text: null, html: null, raw };
  const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1];
  const parts = boundary ? body.split(`--${boundary}`).slice(1, -1) : [raw];
  for (const part of parts) {
    const { headers: h, body: b } = splitHead(part.replace(/^\r?\n/, ''));
    const type = (h['content-type'] ?? '').toLowerCase();
    const decoded = decodeBody(b, (h['content-transfer-encoding'] ?? '7bit').toLowerCase());
    if (type.startsWith('text/plain')) mail.text = decoded;
    if (type.startsWith('text/html')) mail.html = decoded;
  }
  return mail;
}

/** The 6-digit code in a mail's text part. */
export function codeIn(mail: ReceivedMail): string {
  const code = /\b(\d{6})\b/.exec(mail.text ?? '')?.[1];
  if (!code) throw new Error(`no code in mail: ${mail.text}`);
  return code;
}

/**
 * A real SMTP server on 127.0.0.1 (port 0) that keeps what it receives, the peer our mailer talks
 * to in tests. `rejectData` makes it refuse messages after receiving them (a failed send).
 */
export async function startSmtpPeer() {
  const received: ReceivedMail[] = [];
  const waiting: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = [];
  const peer = { rejectData: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address);
        const mail = parseMail(Buffer.concat(chunks).toString('utf8'), to);
        received.push(mail);
        for (const w of [...waiting]) {
          if (to.includes(w.to)) {
            waiting.splice(waiting.indexOf(w), 1);
            w.resolve(mail);
          }
        }
        if (peer.rejectData) {
          const error = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 });
          callback(error);
        } else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    peer,
    /** The next mail to `to` (or one already received and not yet taken). */
    nextMail(to: string): Promise<ReceivedMail> {
      const already = received.findIndex((m) => m.to.includes(to));
      if (already >= 0) return Promise.resolve(received.splice(already, 1)[0]!);
      return new Promise((resolve) => {
        waiting.push({
          to,
          resolve: (mail) => {
            received.splice(received.indexOf(mail), 1);
            resolve(mail);
          },
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpPeer = Awaited<ReturnType<typeof startSmtpPeer>>;

/** A login's answer, for tests that need one. */
export type { LoginData };
