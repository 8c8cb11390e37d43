import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { DrizzleQueryError, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { items } from '../src/db/schema';
import { serializeError } from '../src/lib/log-serializers';
import { buildTestApp, type TestApp } from './helper';

/**
 * What an error log line may hold (lib/log-serializers.ts): for a database error, the statement's
 * kind and table, the SQLSTATE code and the message without values — never the SQL or its
 * parameters; for every error, emails, tokens and password hashes masked.
 */

let t: TestApp;
const lines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    done();
  },
});

const EMAIL = 'asha.rao@example.com';
const JWT =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI0MmQ3YzBmZS0xMjM0IiwiZW1haWwiOiJhc2hhQGV4YW1wbGUuY29tIn0.9x2Zk1vQwLrYb3c4d5e6f7g8h9i0jKlMnOpQrStUvWx';
const ARGON2 = '$argon2id$v=19$m=19456,t=2,p=1$c29tZXNhbHRzb21lc2FsdA$4nF0c3Rz0m1tTgD3m9PqA1b2C3d4E5f6G7h8I9j0KkQ';
const REFRESH = randomBytes(32).toString('base64url');
const SECRET_VALUE = 'priya-9876543210';

interface LogLine {
  level: number;
  msg?: string;
  err?: Record<string, unknown>;
}

function errorLines(): Array<{ raw: string; line: LogLine }> {
  return lines
    .map((raw) => ({ raw, line: JSON.parse(raw) as LogLine }))
    .filter(({ line }) => line.level >= 50);
}

beforeAll(async () => {
  t = await buildTestApp({ logLevel: 'info', logStream }, (app) => {
    app.get('/api/test/database-error', async () => {
      // A statement the database refuses, with values that must not reach the log.
      await t.db.execute(sql`select ${SECRET_VALUE}::int as n, ${EMAIL} as email`);
      return { code: 1 };
    });
    app.get('/api/test/reads-error', async () => {
      // The same through the handle for short reads (on PostgreSQL, postgres.js: decisions/0067).
      await t.database.reads.select({ n: sql<number>`${SECRET_VALUE}::int` }).from(items).limit(1);
      return { code: 1 };
    });
    app.get('/api/test/secret-error', async () => {
      const error = new Error(`could not mail ${EMAIL}: Bearer ${JWT} refresh ${REFRESH} hash ${ARGON2}`);
      Object.assign(error, { detail: `user ${EMAIL} has ${ARGON2}` });
      throw new Error('the session could not be renewed', { cause: error });
    });
  });
});
afterAll(() => t.close());
beforeEach(() => {
  lines.length = 0;
});

/** `url` answered 500, and the one error line it logged. */
async function theErrorLineOf(url: string): Promise<{ raw: string; line: LogLine }> {
  const res = await t.app.inject({ url });
  expect(res.statusCode).toBe(500);
  const logged = errorLines();
  expect(logged).toHaveLength(1);
  return logged[0]!;
}

describe('database errors are logged by statement and SQLSTATE, without SQL or values', () => {
  it('a failing statement behind /api: a 500 whose log line has the code and no value', async () => {
    const { raw, line } = await theErrorLineOf('/api/test/database-error');
    expect(line.err).toMatchObject({ code: '22P02', statement: 'select', parameters: 2 });
    expect(String(line.err?.message)).toMatch(/22P02/);
    expect(raw).not.toContain(SECRET_VALUE);
    expect(raw).not.toContain('asha');
    expect(raw).not.toContain('Failed query');
    expect(raw).not.toContain('$1');
    expect(raw).not.toContain('"params"');
  });

  it('a failing short read (DatabaseHandle.reads): the same log line, whichever driver sent it', async () => {
    const { raw, line } = await theErrorLineOf('/api/test/reads-error');
    expect(line.err).toMatchObject({ code: '22P02', statement: 'select items', parameters: 2 });
    expect(raw).not.toContain(SECRET_VALUE);
    expect(raw).not.toContain('Failed query');
    expect(raw).not.toContain('$1');
    expect(raw).not.toContain('"params"');
  });

  it('a failing content read: a 500 in the content dialect whose log line names the statement, not its SQL', async () => {
    const url = `/content/items/items?fields=id,title&filter[title][_eq]=${SECRET_VALUE}&filter[catalog][_in]=Sarees,Suits&sort=-price`;
    // A listing before, as a running store has had: the table's size estimate is remembered (read.ts choosePath, SMALL_TABLE).
    expect((await t.app.inject({ url: '/content/items/items?fields=id&limit=1' })).statusCode).toBe(200);
    await t.db.execute(sql`alter table items rename to items_moved`);
    try {
      const res = await t.app.inject({ url });
      expect(res.statusCode).toBe(500);
      expect(res.json().errors[0].extensions.code).toBe('INTERNAL_SERVER_ERROR');
    } finally {
      await t.db.execute(sql`alter table items_moved rename to items`);
    }
    const logged = errorLines();
    expect(logged).toHaveLength(1);
    const { raw, line } = logged[0]!;
    expect(line.msg).toBe('content request failed');
    expect(line.err).toMatchObject({ code: '42P01', statement: 'select items' });
    expect(raw).not.toContain(SECRET_VALUE);
    expect(raw).not.toContain('Sarees');
    expect(raw).not.toContain('price_paise');
    expect(raw).not.toContain('Failed query');
  });

  it('a statement past PostgreSQL\'s parameter limit logs a few hundred bytes, not megabytes', () => {
    const params = Array.from({ length: 70_000 }, (_, i) => `${EMAIL}-${i}`);
    const text = `select "id", "title" from "items" where "items"."title" not in (${params.map((_, i) => `$${i + 1}`).join(', ')})`;
    const cause = Object.assign(new Error('bind message has 4464 parameter formats but 0 parameters'), {
      name: 'error',
      code: '08P01',
      severity: 'ERROR',
      routine: 'exec_bind_message',
    });
    const serialized = JSON.stringify(serializeError(new DrizzleQueryError(text, params, cause)));
    expect(serialized.length).toBeLessThan(4000);
    expect(serialized).toContain('08P01');
    expect(serialized).toContain('select items');
    expect(serialized).toContain('70000');
    expect(serialized).not.toContain('asha');
    expect(serialized).not.toContain('not in');
  });
});

describe('secrets in any logged error are masked', () => {
  it('emails keep their first letter and domain; tokens, JWTs and argon2 hashes are gone', async () => {
    const res = await t.app.inject({ url: '/api/test/secret-error' });
    expect(res.statusCode).toBe(500);
    const logged = errorLines();
    expect(logged).toHaveLength(1);
    const { raw } = logged[0]!;
    expect(raw).toContain('a***@example.com');
    expect(raw).not.toContain(EMAIL);
    expect(raw).not.toContain(JWT.split('.')[1]!);
    expect(raw).not.toContain(REFRESH);
    expect(raw).not.toContain('c29tZXNhbHRzb21lc2FsdA');
    expect(raw).not.toContain('4nF0c3Rz0m1tTgD3m9PqA1b2C3d4E5f6G7h8I9j0KkQ');
    // What is left still says what happened.
    expect(raw).toContain('the session could not be renewed');
    expect(raw).toContain('could not mail');
    expect(raw).toContain('$argon2id$');
  });
});
