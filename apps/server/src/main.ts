import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config';
import { buildApp } from './app';
import { databaseTargetFromConfig, openDatabase } from './db/client';
import { resolveJwtSecret } from './db/secrets';
import { describeTrustProxy } from './lib/trust-proxy';
import { seedIfEmpty } from './seed/seed';
import { startAuthSweeper } from './modules/auth/sweeper';
import { startHoldSweeper } from './modules/checkout/sweeper';

const config = loadConfig();
const target = databaseTargetFromConfig(config);

/** Opens the database (migrating it) and seeds the demo data when asked and empty. */
async function prepareDatabase() {
  const database = await openDatabase(target);
  const seeded = config.demo ? await seedIfEmpty(database.db) : null;
  return { database, seeded };
}

/**
 * Creating an embedded database runs PGlite's initdb, whose memory the process keeps for good.
 * A brand-new database is therefore created, migrated and seeded by a short-lived child process,
 * and this process only opens the finished files: an idle store stays well under 300 MB RSS.
 */
function prepareInChildProcess(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = fork(process.argv[1]!, ['--prepare'], { stdio: 'inherit' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`preparing the database failed (exit ${code})`))));
  });
}

if (process.argv.includes('--prepare')) {
  const { database, seeded } = await prepareDatabase();
  if (seeded) console.info(`Seeded the demo catalogue and accounts: ${JSON.stringify(seeded)}`);
  await database.close();
  process.exit(0);
}

if (target.kind === 'pglite' && target.dataDir && !existsSync(join(target.dataDir, 'PG_VERSION'))) {
  console.info(`Creating the embedded database in ${target.dataDir}...`);
  await prepareInChildProcess();
}

const { database, seeded } = await prepareDatabase();
// After the database is open: without JWT_SECRET the key is the one every server on the database shares.
const jwt = await resolveJwtSecret(database.db, config);
const app = await buildApp({
  database,
  jwtSecret: jwt.secret,
  webDistDir: config.webDistDir,
  logLevel: config.logLevel,
  mail: { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'mail') },
  google: config.google,
  trustProxy: config.trustProxy,
  contentCacheChars: Math.round(config.contentCacheMb * 1024 * 1024),
  checkout: config.checkout,
});
if (seeded) app.log.info(seeded, 'seeded the demo catalogue and accounts');
app.log.info(`JWT_SECRET: ${jwt.source === 'environment' ? 'from the environment' : 'generated once and kept in the database (app_secrets)'}`);
app.log.info(`Client addresses: ${describeTrustProxy(config.trustProxy)}`);
const stopSweepers = [startAuthSweeper(database.db, () => new Date(), app.log), startHoldSweeper(database.db, () => new Date(), app.log)];
if (!config.webDistDir) app.log.warn('No built web app found (run npm run build); serving the API and content only.');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  for (const stop of stopSweepers) stop();
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
const listening = app.server.address();
const port = typeof listening === 'object' && listening ? listening.port : config.port; // PORT=0 picks a free one
app.log.info(
  `SSD Store is at http://localhost:${port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
