import { loadConfig } from './config';
import { buildApp } from './app';
import { databaseTargetFromConfig, openDatabase } from './db/client';
import { seedIfEmpty } from './seed/seed';

const config = loadConfig();
const database = await openDatabase(databaseTargetFromConfig(config));
const app = await buildApp({
  database,
  jwtSecret: config.jwtSecret,
  webDistDir: config.webDistDir,
  logLevel: config.logLevel,
});

if (config.demo) {
  const seeded = await seedIfEmpty(database.db);
  if (seeded) app.log.info(seeded, 'seeded the demo catalogue and accounts');
}
if (!config.webDistDir) app.log.warn('No built web app found (run npm run build); serving the API and content only.');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info(`${signal}: shutting down`);
  await app.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(`SSD Store is at http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL'})`);
