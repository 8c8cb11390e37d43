/**
 * `npm run seed` (in apps/server): seeds the configured database (DATA_DIR's embedded database, or
 * DATABASE_URL) with the demo catalogue and accounts. Only an empty database (no items) is seeded.
 */
import { loadConfig } from '../config';
import { databaseTargetFromConfig, openDatabase } from '../db/client';
import { DEMO_ACCOUNTS, seedIfEmpty } from './seed';

const config = loadConfig();
const target = databaseTargetFromConfig(config);
const where = target.kind === 'pglite' ? `the embedded database in ${target.dataDir}` : 'the PostgreSQL database at DATABASE_URL';
const database = await openDatabase(target);
try {
  const summary = await seedIfEmpty(database.db);
  if (summary) {
    console.log(`Seeded ${where}:`);
    console.table(summary);
    console.log(`Demo accounts: ${DEMO_ACCOUNTS.map((a) => `${a.email} / ${a.password} (${a.role})`).join(', ')}`);
  } else {
    console.log(`${where} already has items; nothing was seeded. Seeding only fills an empty database.`);
  }
} catch (error) {
  console.error('Seeding failed; the database was left as it was.');
  console.error(error);
  process.exitCode = 1;
} finally {
  await database.close();
}
