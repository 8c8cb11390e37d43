import { eq, inArray, sql } from 'drizzle-orm';
import type { z } from '@ssd/shared/zod';
import { readSynonymGroups } from '../../../content/synonyms';
import type { Database } from '../../../db/client';
import { searchSynonyms } from '../../../db/schema';
import { fail } from '../../../lib/envelope';
import { recordAudit } from '../audit';
import { SYNONYM_MESSAGES as M, type SynonymGroup, type synonymGroupPutSchema } from './contract';

/** The group's words as shown: its name first, the rest alphabetical. */
function group(key: string, words: string[]): SynonymGroup {
  return { group: key, words: [key, ...words.filter((word) => word !== key).sort()] };
}

/** Every group, by name. */
export async function listSynonymGroups(db: Database): Promise<SynonymGroup[]> {
  return [...(await readSynonymGroups(db))].map(([key, words]) => group(key, words));
}

/**
 * Writes a group: a new one, or (`group` given) in place of that one. A word may be in one group
 * only: a word of another group is refused, naming it. Admin writes of the table take turns (a table
 * lock; they are rare), so two saves cannot both take one word.
 */
export async function putSynonymGroup(db: Database, actorId: string, input: z.output<typeof synonymGroupPutSchema>): Promise<SynonymGroup> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${searchSynonyms} in share row exclusive mode`);
    const before = input.group ? await tx.select().from(searchSynonyms).where(eq(searchSynonyms.group_key, input.group)) : [];
    if (input.group && before.length === 0) throw fail.notFound(M.notFound);
    const taken = await tx.select().from(searchSynonyms).where(inArray(searchSynonyms.word, input.words));
    const elsewhere = taken.find((row) => row.group_key !== input.group);
    if (elsewhere) throw fail.conflict(M.inAnotherGroup(elsewhere.word, elsewhere.group_key));
    if (input.group) await tx.delete(searchSynonyms).where(eq(searchSynonyms.group_key, input.group));
    const key = input.words[0]!;
    await tx.insert(searchSynonyms).values(input.words.map((word) => ({ word, group_key: key })));
    const after = group(key, input.words);
    await recordAudit(tx, {
      actorId,
      action: 'search_synonyms.put',
      entity: 'search_synonyms',
      entityId: key,
      before: input.group ? group(input.group, before.map((row) => row.word)) : null,
      after,
    });
    return after;
  });
}

export async function deleteSynonymGroup(db: Database, actorId: string, key: string): Promise<void> {
  await db.transaction(async (tx) => {
    const old = await tx.delete(searchSynonyms).where(eq(searchSynonyms.group_key, key)).returning();
    if (old.length === 0) throw fail.notFound(M.notFound);
    await recordAudit(tx, {
      actorId,
      action: 'search_synonyms.delete',
      entity: 'search_synonyms',
      entityId: key,
      before: group(key, old.map((row) => row.word)),
      after: null,
    });
  });
}
