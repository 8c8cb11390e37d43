import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { usePreparedStatements } from '../src/db/pglite-statements';

/**
 * db/pglite-statements.ts: PGlite's `query` replaced by one that keeps each statement text parsed.
 * Each answer is compared with PGlite's own query (the prototype's, which parses every time) and
 * with exact values. Runs on its own in-memory PGlite whatever TEST_DATABASE_URL says: the code
 * under test exists only for PGlite.
 */

let client: PGlite;
/** PGlite's own query on the same client, for comparison. */
let ownQuery: PGlite['query'];

beforeAll(async () => {
  client = await PGlite.create();
  ownQuery = PGlite.prototype.query.bind(client) as PGlite['query'];
  usePreparedStatements(client);
});

afterAll(async () => {
  await client.close();
});

beforeEach(async () => {
  await client.exec(`
    drop table if exists things;
    create table things (
      id int primary key, big bigint, name text, ok boolean, at timestamptz, day date,
      doc jsonb, amount numeric(10, 2), tags text[], scores int[], ratio double precision
    );
    insert into things values
      (1, 9007199254740993, 'silk', true, '2026-01-02T03:04:05Z', '2026-01-02', '{"a": [1, "x"]}', 12.50, '{red,"big blue"}', '{1,2}', 0.25),
      (2, null, null, false, null, null, null, null, '{}', null, null);
  `);
});

/** drizzle's own query options (drizzle-orm/pglite/session.js): dates and intervals kept as text. */
const DRIZZLE_ARRAY: QueryOptions = {
  rowMode: 'array',
  parsers: {
    [types.TIMESTAMP]: (value: string) => value,
    [types.TIMESTAMPTZ]: (value: string) => value,
    [types.INTERVAL]: (value: string) => value,
    [types.DATE]: (value: string) => value,
    1231: (value: string) => value,
    1115: (value: string) => value,
    1185: (value: string) => value,
    1187: (value: string) => value,
    1182: (value: string) => value,
  },
};

/** The statement texts PGlite holds parsed under the cache's names, oldest first. */
const preparedTexts = async (on: PGlite = client) =>
  (await PGlite.prototype.query.call(on, `select statement from pg_prepared_statements where name like 'ssd\\_%' order by prepare_time, name`)).rows.map(
    (row) => (row as { statement: string }).statement,
  );
const timesParsed = async (text: string) => (await preparedTexts()).filter((statement) => statement === text).length;

describe('PGlite query with kept statements', () => {
  it('answers exactly as PGlite’s own query, in object and array row modes, with parameters of every kind', async () => {
    const text = `select * from things where id = any($1::int[]) and (name = $2 or $2 is null) and at is distinct from $3 and doc is distinct from $4 order by id`;
    const params = [[1, 2], null, new Date('2020-01-01T00:00:00Z'), { b: 1 }];
    for (const options of [undefined, { rowMode: 'array' } as QueryOptions, DRIZZLE_ARRAY]) {
      const ours = await client.query(text, params, options);
      expect(ours).toEqual(await ownQuery(text, params, options));
    }
    const { rows, fields, rowCount, command, affectedRows } = await client.query<Record<string, unknown>>(text, params);
    expect(command).toBe('SELECT');
    expect(rowCount).toBe(2);
    expect(affectedRows).toBe(0);
    expect(fields.map((field) => field.name)).toEqual(['id', 'big', 'name', 'ok', 'at', 'day', 'doc', 'amount', 'tags', 'scores', 'ratio']);
    expect(rows[0]).toEqual({
      id: 1,
      big: 9007199254740993n,
      name: 'silk',
      ok: true,
      at: new Date('2026-01-02T03:04:05Z'),
      day: new Date('2026-01-02T00:00:00Z'),
      doc: { a: [1, 'x'] },
      amount: '12.50',
      tags: ['red', 'big blue'],
      scores: [1, 2],
      ratio: 0.25,
    });
    expect(rows[1]).toEqual({ id: 2, big: null, name: null, ok: false, at: null, day: null, doc: null, amount: null, tags: [], scores: null, ratio: null });
    const [drizzleRow] = (await client.query<unknown[]>(text, params, DRIZZLE_ARRAY)).rows;
    expect(drizzleRow?.[4]).toBe('2026-01-02 03:04:05+00');
  });

  it('counts written rows as PGlite does, and serialises dates, JSON and arrays by the inferred type', async () => {
    const insert = `insert into things (id, at, doc, tags) values ($1, $2, $3, $4)`;
    const inserted = await client.query(insert, [3, new Date('2026-05-06T07:08:09.010Z'), { k: 'v' }, ['a', 'b c']]);
    expect(inserted).toEqual({ rows: [], fields: [], command: 'INSERT', affectedRows: 1, rowCount: 1 });
    const updated = await client.query(`update things set name = $1 where id >= $2`, ['x', 2]);
    expect(updated).toEqual({ rows: [], fields: [], command: 'UPDATE', affectedRows: 2, rowCount: 2 });
    const { rows } = await client.query<{ at: Date; doc: unknown; tags: string[] }>(`select at, doc, tags from things where id = $1`, [3]);
    expect(rows).toEqual([{ at: new Date('2026-05-06T07:08:09.010Z'), doc: { k: 'v' }, tags: ['a', 'b c'] }]);
  });

  it('parses a statement text once, whatever the parameters', async () => {
    const text = 'select name from things where id = $1';
    expect((await client.query(text, [1])).rows).toEqual([{ name: 'silk' }]);
    expect((await client.query(text, [2])).rows).toEqual([{ name: null }]);
    expect((await client.query(text, [3])).rows).toEqual([]);
    expect(await timesParsed(text)).toBe(1);
    expect(await timesParsed('select name from things where id = $2')).toBe(0);
  });

  it('keeps at most its capacity of statements, closing the least recently used, which parse again when next used', async () => {
    const small = await PGlite.create();
    try {
      usePreparedStatements(small, 2);
      await small.query('select 1 as a');
      await small.query('select 2 as b');
      await small.query('select 1 as a'); // used again: now the most recent
      await small.query('select 3 as c'); // over capacity: 'select 2 as b' is closed with the next message
      expect((await small.query('select 1 as a')).rows).toEqual([{ a: 1 }]);
      expect(await preparedTexts(small)).toEqual(['select 1 as a', 'select 3 as c']);
      expect((await small.query('select 2 as b')).rows).toEqual([{ b: 2 }]);
      expect((await small.query('select 1 as a')).rows).toEqual([{ a: 1 }]);
      expect(await preparedTexts(small)).toEqual(['select 1 as a', 'select 2 as b']);
    } finally {
      await small.close();
    }
  });

  it('rejects with PostgreSQL’s error, and the next statements run', async () => {
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601', query: 'selec 1' });
    await expect(client.query('selec 1')).rejects.toMatchObject({ code: '42601' });
    const divide = 'select 10 / $1::int as q';
    await expect(client.query(divide, [0])).rejects.toMatchObject({ code: '22012', params: [0] });
    expect((await client.query(divide, [5])).rows).toEqual([{ q: 2 }]);
    await expect(client.query('insert into things (id) values ($1)', [1])).rejects.toMatchObject({ code: '23505' });
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 2 }]);
    expect(await timesParsed('selec 1')).toBe(0);
    expect(await timesParsed(divide)).toBe(1);
    expect(await timesParsed('insert into things (id) values ($1)')).toBe(1);
  });

  it('parses again a kept statement whose table changed shape', async () => {
    const text = 'select * from things where id = $1';
    expect((await client.query(text, [2])).fields.length).toBe(11);
    await client.exec(`alter table things add column extra int default 7`);
    const after = await client.query<{ extra: number }>(text, [2]);
    expect(after.fields.at(-1)).toEqual({ name: 'extra', dataTypeID: types.INT4 });
    expect(after.rows[0]?.extra).toBe(7);
  });

  it('delivers notifications sent by a statement to listeners', async () => {
    const heard: string[] = [];
    const unlisten = await client.listen('changes', (payload) => heard.push(payload));
    await client.query(`select pg_notify('changes', $1)`, ['one']);
    await client.query(`select pg_notify('changes', $1)`, ['two']);
    await new Promise((resolve) => setTimeout(resolve, 10));
    await unlisten();
    expect(heard).toEqual(['one', 'two']);
  });

  it('waits for a transaction in progress, and transactions still roll back', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('insert into things (id) values ($1)', [10]);
      await held;
      await tx.query('insert into things (id) values ($1)', [11]);
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    const counted = client.query<{ n: number }>('select count(*)::int as n from things');
    release();
    await transaction;
    expect((await counted).rows).toEqual([{ n: 4 }]);

    await expect(
      client.transaction(async (tx) => {
        await tx.query('insert into things (id) values ($1)', [12]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect((await client.query('select count(*)::int as n from things')).rows).toEqual([{ n: 4 }]);
  });

  it('takes PGlite\'s locks only when something else wants the database (decisions/0048, docs/benchmarks.md 2026-11-30)', async () => {
    const locks = client as unknown as { _runExclusiveQuery: (...args: unknown[]) => unknown };
    const taken = vi.spyOn(locks, '_runExclusiveQuery');
    try {
      await client.query('select count(*) from things');
      expect(taken).not.toHaveBeenCalled();
      await Promise.all([client.query('select 1'), client.query('select 2')]);
      expect(taken).toHaveBeenCalledTimes(1);
    } finally {
      taken.mockRestore();
    }
  });

  it('runs without PGlite\'s locks only when nothing else asks for the database: no statement runs inside a transaction that starts meanwhile', async () => {
    const insert = (id: number) => client.query('insert into things (id) values ($1)', [id]);
    const before = Array.from({ length: 20 }, (_, i) => insert(100 + i));
    // Rolled back after yielding twice: a statement that slipped in between would be undone with it.
    const undone = client
      .transaction(async (tx) => {
        await tx.query('insert into things (id) values ($1)', [200]);
        await new Promise((resolve) => setTimeout(resolve, 5));
        await tx.query('insert into things (id) values ($1)', [201]);
        throw new Error('undo');
      })
      .catch((error: unknown) => error);
    const during = Array.from({ length: 20 }, (_, i) => insert(300 + i));
    const exec = client.exec('insert into things (id) values (400)');
    await Promise.all([...before, ...during, exec]);
    expect(await undone).toEqual(new Error('undo'));
    const ids = (await client.query<{ id: number }>('select id from things where id >= 100 order by id')).rows.map((row) => row.id);
    expect(ids).toEqual([...Array.from({ length: 20 }, (_, i) => 100 + i), ...Array.from({ length: 20 }, (_, i) => 300 + i), 400]);
  });

  it('serves drizzle: selects, inserts, a unique violation in `cause`, and db.transaction', async () => {
    const db = drizzle({ client });
    const { sql } = await import('drizzle-orm');
    expect(await db.execute(sql`select id, name from things where id = ${1}`)).toMatchObject({ rows: [{ id: 1, name: 'silk' }] });
    const error = await db.execute(sql`insert into things (id) values (${2})`).catch((caught: unknown) => caught);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe('23505');
    await db.transaction(async (tx) => {
      await tx.execute(sql`insert into things (id) values (${20})`);
    });
    expect((await db.execute(sql`select count(*)::int as n from things`)).rows).toEqual([{ n: 3 }]);
  });
});
