import { queryOptions } from '@tanstack/react-query';
import { z } from '@ssd/shared/zod';
import { adminGet, adminWrite, retryNetworkOnce } from './admin-call';
import { adminKeys } from './keys';

/*
 * /api/admin/search/synonyms (docs/decisions/0044): the spelling variants search treats as one word.
 * The server keeps these calls' schemas beside its route (modules/admin/search-synonyms/contract.ts),
 * not in @ssd/shared yet; the answer's shape is repeated here, and the form's checks in
 * ../lib/synonym-words.ts, until they move there.
 */

/** One group: its name (its first word) and every word of it, the name first. */
export const synonymGroupSchema = z.object({ group: z.string(), words: z.array(z.string()) });
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;

export const synonymKeys = {
  all: () => [...adminKeys.all, 'search-synonyms'] as const,
};

/** GET /api/admin/search/synonyms: every group, by name. */
export function synonymGroupsQueryOptions() {
  return queryOptions({
    queryKey: synonymKeys.all(),
    queryFn: ({ signal }) => adminGet('/api/admin/search/synonyms', z.array(synonymGroupSchema), { signal, ignoreLoginNeeded: true }),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

/** PUT: `words` become a new group, or (with `group`) replace that group; its first word names it. */
export const putSynonymGroup = (input: { group?: string; words: string[] }) => adminWrite('PUT', '/api/admin/search/synonyms', input);
export const deleteSynonymGroup = (group: string) => adminWrite('DELETE', '/api/admin/search/synonyms', { group });
