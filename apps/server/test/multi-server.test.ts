import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { items, users } from '../src/db/schema';
import { issueSession } from '../src/modules/auth/sessions';
import { TokenSigner } from '../src/modules/auth/tokens';
import { buildCatalogue } from '../src/seed/catalogue';
import { REVIEWERS } from '../src/seed/reviews';
import { DEMO_ACCOUNTS } from '../src/seed/seed';
import { codeIn, startSmtpPeer, TEST_DATABASE_URL, uniqueEmail, type SmtpPeer } from './helper';
import { createEmptyDatabase, startServerProcess, stopAllServerProcesses, type ServerProcess } from './processes';

/**
 * Several servers on one PostgreSQL must behave as one store (DESIGN.md). Two real server processes are
 * started at the same moment on a new, empty database, with DEMO=true and no JWT_SECRET: they race to
 * migrate, to seed and to generate the token secret, and must then accept each other's tokens and codes.
 * Only PostgreSQL can be shared by processes; on the embedded database there is nothing to run.
 */
/** An /api answer as these tests read it (the login data, the profile: string fields). */
interface Envelope {
  code: number;
  message: string;
  data: Record<string, string>;
}

describe.runIf(TEST_DATABASE_URL)('PostgreSQL only (TEST_DATABASE_URL): two server processes on one database', () => {
  let database: Awaited<ReturnType<typeof createEmptyDatabase>> | undefined;
  let smtp: SmtpPeer | undefined;
  let a: ServerProcess;
  let b: ServerProcess;

  async function query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: database!.url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }

  async function call(server: ServerProcess, method: string, path: string, options: { body?: object; token?: string } = {}) {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        ...(options.body ? { 'content-type': 'application/json' } : {}),
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      ...(options.body ? { body: JSON.stringify(options.body) } : {}),
    });
    return { status: res.status, body: (await res.json()) as Envelope };
  }

  beforeAll(async () => {
    database = await createEmptyDatabase(TEST_DATABASE_URL!);
    smtp = await startSmtpPeer();
    const env = { SMTP_URL: smtp.url };
    // Both at once, on the empty database: the migrations, the seed and the secret race.
    [a, b] = await Promise.all([
      startServerProcess({ databaseUrl: database.url, env }),
      startServerProcess({ databaseUrl: database.url, env }),
    ]);
  }, 180_000);

  afterAll(async () => {
    await stopAllServerProcesses();
    await smtp?.close();
    await database?.drop();
  }, 60_000);

  it('both came up; the database was migrated once and seeded once, and holds one generated secret', async () => {
    const [migrations] = await query<{ n: number }>('select count(*)::int as n from drizzle.__drizzle_migrations');
    const [distinct] = await query<{ n: number }>('select count(distinct hash)::int as n from drizzle.__drizzle_migrations');
    expect(migrations!.n).toBeGreaterThan(0);
    expect(distinct!.n).toBe(migrations!.n);

    const [items] = await query<{ n: number }>('select count(*)::int as n from items');
    expect(items!.n).toBe(buildCatalogue().length);
    const [users] = await query<{ n: number }>('select count(*)::int as n from users');
    expect(users!.n).toBe(DEMO_ACCOUNTS.length + REVIEWERS.length);
    const seededBy = [a, b].filter((server) => server.output().includes('seeded the demo catalogue and accounts'));
    expect(seededBy).toHaveLength(1);

    // One row per generated secret (the token key, and the payment sandbox's keys), each created once.
    const names = (await query<{ name: string }>('select name from app_secrets order by name')).map((row) => row.name);
    expect(names).toEqual(['JWT_SECRET', 'RAZORPAY_SANDBOX_KEY_ID', 'RAZORPAY_SANDBOX_KEY_SECRET', 'RAZORPAY_SANDBOX_WEBHOOK_SECRET']);
    for (const server of [a, b]) expect(server.output()).toContain('JWT_SECRET: generated once and kept in the database');
  });

  it('a login on one server is a session on the other, and a refresh on either works on both', async () => {
    const { email, password } = DEMO_ACCOUNTS[0];
    const login = await call(a, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    const { access_token: token, refresh_token: refreshToken } = login.body.data;

    const me = await call(b, 'GET', '/api/user/me', { token });
    expect(me.status).toBe(200);
    expect(me.body.data.email).toBe(email);

    const refreshed = await call(b, 'POST', '/api/auth/verify/token', { body: { refreshToken }, token });
    expect(refreshed.status).toBe(200);
    const next = refreshed.body.data;
    expect(next.refresh_token).not.toBe(refreshToken);
    expect((await call(a, 'GET', '/api/user/me', { token: next.access_token })).status).toBe(200);
    expect((await call(b, 'GET', '/api/user/me', { token: next.access_token })).status).toBe(200);
  });

  it('a sign-up code mailed by one server is verified by the other, and the account works on both', async () => {
    const email = uniqueEmail('two-servers');
    const trigger = await call(a, 'POST', '/api/auth/email_verification/trigger', { body: { email } });
    expect(trigger.status).toBe(200);
    const code = codeIn(await smtp!.nextMail(email));

    const verified = await call(b, 'POST', '/api/auth/verify_otp', { body: { email, otp: code, purpose: 'signup' } });
    expect(verified.status).toBe(200);
    expect(verified.body.code).toBe(1);

    const password = 'two-servers-1234';
    expect((await call(a, 'POST', '/api/auth/register', { body: { name: 'Asha Rao', email, password } })).status).toBe(200);
    const login = await call(b, 'POST', '/api/auth/login', { body: { email, password } });
    expect(login.status).toBe(200);
    expect((await call(a, 'GET', '/api/user/me', { token: login.body.data.access_token })).body.data.email).toBe(email);
  });

  it('the login limits count across both servers: 41 logins at once, split between them, compare 5 passwords', async () => {
    const { email, password } = DEMO_ACCOUNTS[1];
    const burst = Array.from({ length: 41 }, (_, i) =>
      call(i % 2 === 0 ? a : b, 'POST', '/api/auth/login', { body: { email, password: i === 24 ? password : `wrong-guess-${i}` } }),
    );
    const answers = await Promise.all(burst);
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(36);
    expect(answers[24]!.body).toEqual({ code: 0, message: 'Too many failed login attempts. Please try again in 1 minute(s).', data: null });
    const [failures] = await query<{ n: number }>(`select count(*)::int as n from login_failures where email = '${email}'`);
    expect(failures!.n).toBe(5);
  });

  it('500 buyers of an item with 50 units, split between the two servers: exactly 50 units held', async () => {
    const handle = await openDatabase({ kind: 'postgres', url: database!.url, poolSize: 4 });
    try {
      const [stored] = await query<{ value: string }>(`select value from app_secrets where name = 'JWT_SECRET'`);
      const tokens = new TokenSigner(stored!.value, () => new Date());
      const [item] = await handle.db
        .insert(items)
        .values({ title: 'Race Saree', shop: buildCatalogue()[0]!.shop, catalog: buildCatalogue()[0]!.catalog, price_paise: 99_900, thumbnail_image: 'thumb', quantity: 50 })
        .returning({ id: items.id });
      const buyers = await handle.db
        .insert(users)
        .values(Array.from({ length: 500 }, (_, i) => ({ name: `Buyer ${i}`, email: `race-${i}@example.com` })))
        .returning({ id: users.id, name: users.name, email: users.email, role: users.role, auth_provider: users.auth_provider });
      const sessions = await Promise.all(buyers.map((buyer) => issueSession(handle.db, tokens, buyer)));
      const answers = await Promise.all(
        sessions.map((session, i) =>
          call(i % 2 === 0 ? a : b, 'POST', '/api/order/reserve', { body: { items: [{ item_id: item!.id, quantity: 1 }] }, token: session.access_token }),
        ),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(50);
      expect(answers.filter((answer) => answer.status === 409)).toHaveLength(450);
      const [stock] = await query<{ quantity: number; held: number }>(`
        select i.quantity, (select coalesce(sum(l.quantity), 0)::int from reservation_lines l join reservations r on r.id = l.reservation_id
                            where l.item_id = i.id and r.status = 'held') as held
        from items i where i.id = ${item!.id}`);
      expect(stock).toEqual({ quantity: 0, held: 50 });
    } finally {
      await handle.close();
    }
  }, 120_000);
});

describe.runIf(TEST_DATABASE_URL)('PostgreSQL only (TEST_DATABASE_URL): migrations racing on an empty database', () => {
  it('servers opening an empty database at the same moment all come up, each migration applied once', async () => {
    // Three rounds of four: unserialised, nearly every round has a loser (a duplicate key in pg_type).
    for (let round = 0; round < 3; round++) {
      const empty = await createEmptyDatabase(TEST_DATABASE_URL!);
      try {
        const opened = await Promise.allSettled(Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url: empty.url, poolSize: 1 })));
        for (const result of opened) if (result.status === 'fulfilled') await result.value.close();
        expect(opened.map((result) => (result.status === 'fulfilled' ? 'up' : String((result.reason as Error).cause ?? result.reason)))).toEqual(['up', 'up', 'up', 'up']);
        const client = new pg.Client({ connectionString: empty.url });
        await client.connect();
        try {
          const { rows } = await client.query<{ n: number; distinct: number }>(
            'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
          );
          expect(rows[0]!.distinct).toBe(rows[0]!.n);
        } finally {
          await client.end();
        }
      } finally {
        await empty.drop();
      }
    }
  });
});
