import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { messages, PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { pgliteOptions } from '../src/db/pglite-options';
import { RemotePGlite } from '../src/db/pglite-remote';
import { usePreparedStatements } from '../src/db/pglite-statements';
import { shops } from '../src/db/schema';

/**
 * db/pglite-remote.ts and db/pglite-worker.ts: the embedded database in a worker thread, as the server runs it
 * (decisions/0101). Its answers are compared with PGlite's in the test's own thread; its errors, transactions,
 * notifications and dumps with what PGlite's own do. Runs on PGlite whatever TEST_DATABASE_URL says.
 */

const TABLE = `
  create table things (
    id int primary key, big bigint, name text, ok boolean, at timestamptz, day date,
    doc jsonb, amount numeric(10, 2), tags text[], ratio double precision
  );
  insert into things values
    (1, 9007199254740993, 'silk', true, '2026-01-02T03:04:05Z', '2026-01-02', '{"a": [1, "x"]}', 12.50, '{red,"big blue"}', 0.25),
    (2, null, null, false, null, null, null, null, '{}', null);
`;

/** drizzle's array-mode options (drizzle-orm/pglite/session.js): dates and intervals kept as text. */
const DRIZZLE_ARRAY: QueryOptions = {
  rowMode: 'array',
  parsers: { [types.TIMESTAMP]: (value: string) => value, [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value },
};

let remote: RemotePGlite;
let local: PGlite;

beforeAll(async () => {
  remote = await RemotePGlite.create({ dataDir: null });
  local = await PGlite.create(pgliteOptions({ dataDir: null }));
  usePreparedStatements(local);
  await remote.exec(TABLE);
  await local.exec(TABLE);
});

afterAll(async () => {
  await remote.close();
  await local.close();
});

describe('answers', () => {
  it('answers as PGlite does on its own thread, in object and array rows, with parsers that keep text', async () => {
    const statements: Array<[string, unknown[], QueryOptions | undefined]> = [
      ['select * from things order by id', [], undefined],
      ['select * from things where id = $1', [1], DRIZZLE_ARRAY],
      ['select name, tags, doc from things where ok = $1 and amount > $2', [true, '10.00'], { rowMode: 'array' }],
      ['update things set ratio = ratio where id = $1', [2], undefined],
    ];
    for (const [text, params, options] of statements) {
      const [theirs, ours] = [await local.query(text, params, options), await remote.query(text, params, options)];
      expect(ours.rows).toEqual(theirs.rows);
      expect(ours.fields).toEqual(theirs.fields);
      expect(ours.affectedRows).toBe(theirs.affectedRows);
    }
    const [row] = (await remote.query<unknown[]>('select at, day, big, doc from things where id = 1', [], DRIZZLE_ARRAY)).rows;
    expect(row).toEqual(['2026-01-02 03:04:05+00', '2026-01-02', 9007199254740993n, { a: [1, 'x'] }]);
  });

  it('passes a database error over as PGlite throws it: its SQLSTATE, fields and statement', async () => {
    const failure = await remote.query('insert into things (id, name) values ($1, $2)', [1, 'again']).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(messages.DatabaseError);
    expect(failure).toMatchObject({
      code: '23505',
      constraint: 'things_pkey',
      table: 'things',
      severity: 'ERROR',
      query: 'insert into things (id, name) values ($1, $2)',
      params: [1, 'again'],
    });
    expect((failure as Error).message).toBe('duplicate key value violates unique constraint "things_pkey"');
    // and goes on answering
    expect((await remote.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
  });

  it('runs exec as PGlite does: every statement, each one’s results', async () => {
    const results = await remote.exec('select 1 as one; select 2 as two');
    expect(results.map((result) => result.rows)).toEqual([[{ one: 1 }], [{ two: 2 }]]);
  });
});

describe('transactions', () => {
  it('commits what the work did when it resolves, and holds other statements until then', async () => {
    let outside: Promise<unknown> | undefined;
    let outsideDone = false;
    await remote.transaction(async (tx) => {
      await tx.query('insert into things (id, name) values ($1, $2)', [10, 'chiffon']);
      outside = remote.query<{ name: string }>('select name from things where id = 10').then((result) => {
        outsideDone = true;
        return result.rows;
      });
      await tx.query('select pg_sleep(0.05)');
      expect(outsideDone).toBe(false);
      expect((await tx.query('select name from things where id = 10')).rows).toEqual([{ name: 'chiffon' }]);
    });
    expect(await outside).toEqual([{ name: 'chiffon' }]);
  });

  it('rolls back when the work throws, and throws its error', async () => {
    const failure = new Error('changed my mind');
    await expect(
      remote.transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [11, 'georgette']);
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect((await remote.query('select * from things where id = 11')).rows).toEqual([]);
  });

  it('rolls back when a statement of it fails, and the database takes the next statement', async () => {
    await expect(
      remote.transaction(async (tx) => {
        await tx.query('insert into things (id, name) values ($1, $2)', [12, 'net']);
        await tx.query('insert into things (id, name) values ($1, $2)', [12, 'net again']);
      }),
    ).rejects.toMatchObject({ code: '23505' });
    expect((await remote.query('select * from things where id = 12')).rows).toEqual([]);
  });

  it('carries drizzle’s transactions and migrations (openDatabase in a worker)', async () => {
    const handle = await openDatabase({ kind: 'pglite', dataDir: null, thread: 'worker' });
    try {
      const { db } = handle;
      // The migrations ran through it: the shops table is there.
      await db.insert(shops).values({ value: 'bridal', title: 'Bridal' });
      await expect(
        db.transaction(async (tx) => {
          await tx.update(shops).set({ title: 'never seen' }).where(eq(shops.value, 'bridal'));
          tx.rollback();
        }),
      ).rejects.toThrow('Rollback');
      await db.transaction(async (tx) => {
        await tx.update(shops).set({ title: 'Bridal wear' }).where(eq(shops.value, 'bridal'));
      });
      expect(await db.select().from(shops).where(eq(shops.value, 'bridal'))).toEqual([{ value: 'bridal', title: 'Bridal wear' }]);
    } finally {
      await handle.close();
    }
  });
});

describe('the rest of PGlite’s interface', () => {
  it('delivers notifications to listen until unlistened', async () => {
    const heard: string[] = [];
    const unlisten = await remote.listen('content_changed', (payload) => heard.push(payload));
    await remote.query(`select pg_notify('content_changed', 'items:7')`);
    expect(heard).toEqual(['items:7']);
    await unlisten();
    await remote.query(`select pg_notify('content_changed', 'items:8')`);
    expect(heard).toEqual(['items:7']);
  });

  it('dumps the database, and a worker opens a copy from the dump', async () => {
    const dump = await remote.dumpDataDir('none');
    const copy = await RemotePGlite.create({ dataDir: null, template: dump });
    try {
      expect((await copy.query('select id, name from things where id = 1')).rows).toEqual([{ id: 1, name: 'silk' }]);
    } finally {
      await copy.close();
    }
  });

  it('refuses statements once closed', async () => {
    const closing = await RemotePGlite.create({ dataDir: null, template: await remote.dumpDataDir('none') });
    await closing.close();
    expect(closing.closed).toBe(true);
    await expect(closing.query('select 1')).rejects.toThrow('the embedded database is closed');
  });

  it('does not keep a process alive that forgot to close it', async () => {
    const script = `
      import { RemotePGlite } from './src/db/pglite-remote.ts';
      const db = await RemotePGlite.create({ dataDir: null });
      console.log(JSON.stringify((await db.query('select 41 + 1 as answer')).rows));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: new URL('..', import.meta.url).pathname,
      timeout: 60_000,
    });
    expect(stdout.trim()).toBe('[{"answer":42}]');
  });
});
