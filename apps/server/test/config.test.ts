import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { databaseTargetFromConfig, DEFAULT_POOL_SIZE, openDatabase, type DatabaseHandle } from '../src/db/client';
import { resolveJwtSecret, sharedSecret } from '../src/db/secrets';
import { appSecrets } from '../src/db/schema';
import { parseTrustProxy } from '../src/lib/trust-proxy';
import { freshDatabase, TEST_DATABASE_URL } from './helper';
import { createEmptyDatabase } from './processes';

const LONG_SECRET = 'a-configured-secret-of-more-than-32-characters';

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['off', false],
    ['0', false],
    ['true', { hops: 1 }],
    [' TRUE ', { hops: 1 }],
    ['1', { hops: 1 }],
    ['2', { hops: 2 }],
    ['127.0.0.1', { proxies: ['127.0.0.1'] }],
    ['127.0.0.1, 10.0.0.0/8 ,::1', { proxies: ['127.0.0.1', '10.0.0.0/8', '::1'] }],
    ['fd00::/8,loopback', { proxies: ['fd00::/8', 'loopback'] }],
  ])('%j reads as %j', (value, expected) => {
    expect(parseTrustProxy(value)).toEqual(expected);
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['yes please', '10.0.0.0/33', '::1/129', '10.0.0.0/8,', '127.0.0.1;10.0.0.1', '-1', '1.5', 'localhost', '300.1.1.1'])(
    'refuses %j at start, saying what it takes',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/^TRUST_PROXY must be false, a number of proxies .* or a comma-separated list/);
    },
  );
});

describe('checkout settings', () => {
  it('default to ₹99 delivery, free from ₹1,499, a ₹9 platform fee and 10-minute holds', () => {
    expect(loadConfig({}).checkout).toEqual({ deliveryChargePaise: 9_900, freeDeliveryFromPaise: 149_900, platformFeePaise: 900, holdMs: 600_000, orderPaymentMs: 900_000, sellerState: 'Karnataka' });
  });

  it('are read in rupees and minutes, and anything else stops the start naming the variable', () => {
    const config = loadConfig({ DELIVERY_CHARGE: '79.50', FREE_DELIVERY_FROM: '999', PLATFORM_FEE: '0', RESERVATION_MINUTES: '15' });
    expect(config.checkout).toMatchObject({ deliveryChargePaise: 7_950, freeDeliveryFromPaise: 99_900, platformFeePaise: 0, holdMs: 900_000 });
    expect(() => loadConfig({ PLATFORM_FEE: '9.999' })).toThrow("PLATFORM_FEE must be an amount in rupees such as 99 or 9.50, got '9.999'");
    expect(() => loadConfig({ DELIVERY_CHARGE: '-1' })).toThrow(/^DELIVERY_CHARGE must be an amount in rupees/);
    expect(loadConfig({ SELLER_STATE: ' tamil  nadu ' }).checkout.sellerState).toBe('Tamil Nadu');
    expect(() => loadConfig({ SELLER_STATE: 'Atlantis' })).toThrow("SELLER_STATE must name an Indian state or union territory (such as Karnataka), got 'Atlantis'");
    expect(() => loadConfig({ RESERVATION_MINUTES: '0' })).toThrow("RESERVATION_MINUTES must be a whole number of minutes from 1 to 1440, got '0'");
  });
});

describe('DATABASE_POOL_SIZE', () => {
  it('defaults to 5 connections a server process, is passed to the PostgreSQL target, and anything but a whole number of 1 or more stops the start', () => {
    expect(DEFAULT_POOL_SIZE).toBe(5);
    expect(loadConfig({}).databasePoolSize).toBe(5);
    expect(databaseTargetFromConfig(loadConfig({ DATABASE_URL: 'postgres://db.internal/ssd', DATABASE_POOL_SIZE: '12' }))).toEqual({
      kind: 'postgres',
      url: 'postgres://db.internal/ssd',
      poolSize: 12,
    });
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow("DATABASE_POOL_SIZE must be a whole number of 1 or more, got '0'");
    expect(() => loadConfig({ DATABASE_POOL_SIZE: 'ten' })).toThrow("DATABASE_POOL_SIZE must be a whole number of 1 or more, got 'ten'");
  });

  it.runIf(TEST_DATABASE_URL)('is the most connections a server holds on PostgreSQL, however many reads wait (decisions/0065)', async () => {
    const database = await freshDatabase(loadConfig({ DATABASE_POOL_SIZE: '3' }).databasePoolSize);
    try {
      // Eight reads at once, each keeping its connection 150 ms and counting this database's connections.
      const reads = Array.from({ length: 8 }, () =>
        database.db.execute(sql`
          select count(*)::int as connected from pg_stat_activity, pg_sleep(0.15)
          where datname = current_database() and backend_type = 'client backend'`),
      );
      const connected = (await Promise.all(reads)).map((result) => (result as unknown as { rows: Array<{ connected: number }> }).rows[0]!.connected);
      expect(Math.max(...connected)).toBe(3);
    } finally {
      await database.close();
    }
  });
});

describe('DATABASE_SESSION_URL (decisions/0098)', () => {
  it('is passed to the PostgreSQL target beside DATABASE_URL, absent when unset, and refused without DATABASE_URL', () => {
    expect(
      databaseTargetFromConfig(loadConfig({ DATABASE_URL: 'postgres://pgbouncer.internal/ssd', DATABASE_SESSION_URL: 'postgres://db.internal/ssd' })),
    ).toEqual({ kind: 'postgres', url: 'postgres://pgbouncer.internal/ssd', poolSize: 5, sessionUrl: 'postgres://db.internal/ssd' });
    expect(databaseTargetFromConfig(loadConfig({ DATABASE_URL: 'postgres://db.internal/ssd' }))).not.toHaveProperty('sessionUrl');
    expect(() => loadConfig({ DATABASE_SESSION_URL: 'postgres://db.internal/ssd' })).toThrow(
      'DATABASE_SESSION_URL is set without DATABASE_URL: set both, or neither for the embedded database',
    );
  });

  it.runIf(TEST_DATABASE_URL)('carries LISTEN, while statements go through DATABASE_URL', async () => {
    const empty = await createEmptyDatabase(TEST_DATABASE_URL!);
    const named = (name: string) => {
      const named = new URL(empty.url);
      named.searchParams.set('application_name', name);
      return named.toString();
    };
    const database = await openDatabase({ kind: 'postgres', url: named('ssd-pooled'), poolSize: 2, sessionUrl: named('ssd-session') });
    try {
      const stop = await database.listen('ssd_session_url_test', () => {});
      const rows = (await database.db.execute(sql`
        select application_name as name, query from pg_stat_activity
        where datname = current_database() and application_name in ('ssd-pooled', 'ssd-session') order by application_name`)) as unknown as {
        rows: Array<{ name: string; query: string }>;
      };
      expect(rows.rows.find((row) => row.name === 'ssd-session')?.query).toMatch(/^LISTEN/i);
      expect(rows.rows.some((row) => row.name === 'ssd-pooled')).toBe(true);
      await stop();
    } finally {
      await database.close();
      await empty.drop();
    }
  });
});

describe('payments', () => {
  it('a demo without Razorpay keys runs the sandbox; a real store (DEMO=false) refuses to start without keys unless PAYMENT_SANDBOX=true', () => {
    expect(loadConfig({}).payments).toEqual({ mode: 'sandbox' });
    expect(() => loadConfig({ DEMO: 'false' })).toThrow(/^DEMO=false and no Razorpay keys: set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET/);
    expect(loadConfig({ DEMO: 'false', PAYMENT_SANDBOX: 'true' }).payments).toEqual({ mode: 'sandbox' });
  });
});

describe('JWT_SECRET in the configuration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ssd-config-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is null when unset, and loading the configuration writes no secrets file', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config.jwtSecret).toBeNull();
    expect(existsSync(join(dataDir, 'secrets.json'))).toBe(false);
  });

  it('is taken from the environment, and refused at start when shorter than 32 characters', () => {
    expect(loadConfig({ DATA_DIR: dataDir, JWT_SECRET: LONG_SECRET }).jwtSecret).toBe(LONG_SECRET);
    expect(() => loadConfig({ DATA_DIR: dataDir, JWT_SECRET: 'short' })).toThrow(/JWT_SECRET must be at least 32 characters/);
  });
});

describe(`generated secrets kept in the database (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  let database: DatabaseHandle;
  const dirs: string[] = [];
  function dataDir(secretsJson?: object | string): string {
    const dir = mkdtempSync(join(tmpdir(), 'ssd-secrets-'));
    dirs.push(dir);
    if (secretsJson !== undefined) {
      writeFileSync(join(dir, 'secrets.json'), typeof secretsJson === 'string' ? secretsJson : JSON.stringify(secretsJson));
    }
    return dir;
  }

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    await database?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('JWT_SECRET from the environment wins and nothing is stored', async () => {
    expect(await resolveJwtSecret(database.db, { jwtSecret: LONG_SECRET, dataDir: dataDir() })).toEqual({
      secret: LONG_SECRET,
      source: 'environment',
    });
    expect(await database.db.select().from(appSecrets)).toEqual([]);
  });

  it('a secrets.json of an earlier version is taken into the database once, so its sessions stay valid', async () => {
    const legacy = 'x'.repeat(20) + '-the-secret-an-earlier-version-generated';
    const first = await resolveJwtSecret(database.db, { jwtSecret: null, dataDir: dataDir({ JWT_SECRET: legacy }) });
    expect(first).toEqual({ secret: legacy, source: 'database' });
    // From then on the database's secret is the one, whatever a data directory holds.
    expect((await resolveJwtSecret(database.db, { jwtSecret: null, dataDir: dataDir({ JWT_SECRET: 'another' }) })).secret).toBe(legacy);
    expect((await resolveJwtSecret(database.db, { jwtSecret: null, dataDir: dataDir() })).secret).toBe(legacy);
    expect(await database.db.select({ name: appSecrets.name, value: appSecrets.value }).from(appSecrets)).toEqual([
      { name: 'JWT_SECRET', value: legacy },
    ]);
  });

  it('without a secrets.json one is generated; servers asking at once all get the one stored', async () => {
    const dir = dataDir();
    let generated = 0;
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        sharedSecret(database.db, 'TEST_SECRET', () => {
          generated += 1;
          return `candidate-${generated}`;
        }),
      ),
    );
    expect(generated).toBeGreaterThanOrEqual(1);
    expect(new Set(answers).size).toBe(1);
    expect(answers[0]).toMatch(/^candidate-\d$/);
    expect(await sharedSecret(database.db, 'TEST_SECRET', () => 'a later candidate')).toBe(answers[0]);
    expect(existsSync(join(dir, 'secrets.json'))).toBe(false);
  });

  it('a secrets.json that is not JSON stops the start, saying which file', async () => {
    await database.db.delete(appSecrets);
    const dir = dataDir('{ not json');
    await expect(resolveJwtSecret(database.db, { jwtSecret: null, dataDir: dir })).rejects.toThrow(`${join(dir, 'secrets.json')} is not valid JSON`);
    // A generated secret is long enough for HS256.
    const generated = await resolveJwtSecret(database.db, { jwtSecret: null, dataDir: dataDir() });
    expect(generated.secret.length).toBeGreaterThanOrEqual(32);
  });
});
