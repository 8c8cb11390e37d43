import type { Database } from '../db/client';

export interface SeedSummary {
  items: number;
}

/** Seeds the demo catalogue and accounts when the database has no items. Being written. */
export async function seedIfEmpty(_db: Database): Promise<SeedSummary | null> {
  return null;
}
