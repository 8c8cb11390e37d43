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
import { startCheckoutSweeper } from './modules/checkout/sweeper';
import { startRefundSweeper } from './modules/admin/orders/refund-sweeper';
import { createMailer } from './integrations/mail/mailer';
import { startMailOutboxSender } from './modules/mail-outbox/sender';
import { orderMailRenderers } from './modules/order-mail/renderers';
import { demoGstin } from './modules/invoices/seller';
import { createPaymentProvider, localOrigin } from './integrations/razorpay/provider';
import { sandboxCredentials } from './sandbox/credentials';
import { SANDBOX_PREFIX } from './sandbox/plugin';
import { httpWebhookDelivery } from './sandbox/webhooks';

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
// Payments: Razorpay with keys; otherwise the built-in sandbox, reached at this server's own address (known
// once it listens: PORT=0 picks a free one), its webhooks delivered to this server's endpoint.
let listeningPort = config.port;
const ownOrigin = () => localOrigin(config.host, listeningPort);
const payments = await createPaymentProvider(config.payments, database.db, { sandboxBaseUrl: () => `${ownOrigin()}${SANDBOX_PREFIX}` });
const sandbox =
  config.payments.mode === 'sandbox'
    ? { ...(await sandboxCredentials(database.db)), deliverWebhook: httpWebhookDelivery(() => `${ownOrigin()}/api/payment/webhook`) }
    : null;
const mail = { smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: join(config.dataDir, 'mail') };
const app = await buildApp({
  database,
  payments,
  sandbox,
  jwtSecret: jwt.secret,
  webDistDir: config.webDistDir,
  logLevel: config.logLevel,
  mail,
  seller: config.seller,
  google: config.google,
  trustProxy: config.trustProxy,
  contentCacheChars: Math.round(config.contentCacheMb * 1024 * 1024),
  checkout: config.checkout,
  contentRateLimitPerMinute: config.contentRateLimitPerMinute,
});
if (seeded) app.log.info(seeded, 'seeded the demo catalogue and accounts');
app.log.info(`JWT_SECRET: ${jwt.source === 'environment' ? 'from the environment' : 'generated once and kept in the database (app_secrets)'}`);
app.log.info(`Client addresses: ${describeTrustProxy(config.trustProxy)}`);
app.log.info(
  payments.mode === 'razorpay'
    ? 'Payments: Razorpay'
    : 'Payments: the built-in Razorpay sandbox (no money moves; set RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET for real payments)',
);
if (!config.demo && config.seller.gstin === demoGstin(config.seller.state)) {
  app.log.warn('Invoices name the demo seller: set SELLER_NAME, SELLER_ADDRESS and SELLER_GSTIN for a real store');
}
let stopSweepers: Array<() => void> = [];
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
listeningPort = port;
// Once listening: the checkout sweep may ask the sandbox, which answers at this server's own address.
const now = () => new Date();
stopSweepers = [
  startAuthSweeper(database.db, now, app.log),
  startCheckoutSweeper({ db: database.db, now, settings: config.checkout, payments }, app.log),
  // Return refunds left pending (a crash, a lost answer) are found at the provider by their key (docs/decisions/0038).
  startRefundSweeper({ db: database.db, now, payments }, app.log),
  // Order mails leave through the outbox, sent from every server at once (claims keep them apart).
  startMailOutboxSender({
    db: database.db,
    mailer: createMailer(mail, app.log),
    now,
    log: app.log,
    renderers: orderMailRenderers({ db: database.db, seller: config.seller }),
    from: config.mailFrom,
  }),
];
app.log.info(
  `SSD Store is at http://localhost:${port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`,
);
