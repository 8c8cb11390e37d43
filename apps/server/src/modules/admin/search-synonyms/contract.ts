import { z } from '@ssd/shared/zod';
import { searchWords } from '../../../content/search';

/**
 * The calls of /api/admin/search/synonyms. Kept beside the routes rather than in @ssd/shared: no
 * screen calls them yet (docs/decisions/0044); move them there when the admin console does.
 */

export const SYNONYM_MESSAGES = {
  saved: 'Synonyms saved',
  deleted: 'Synonym group deleted',
  notFound: 'No such synonym group',
  inAnotherGroup: (word: string, group: string) => `‘${word}’ is already in the group of ‘${group}’`,
} as const;

/** Most words in one group: spelling variants of one word, not a thesaurus. */
export const MAX_GROUP_WORDS = 12;
const MAX_WORD_LENGTH = 40;

/** A word as search sees it (content/search.ts: searchWords): lower case, one word, no spaces or punctuation around it. */
const synonymWordSchema = z
  .string()
  .max(MAX_WORD_LENGTH, `A word has at most ${MAX_WORD_LENGTH} characters`)
  .transform((text) => text.normalize('NFKC').trim().toLowerCase())
  .refine((word) => {
    const words = searchWords(word);
    return words.length === 1 && words[0] === word;
  }, 'Each synonym is one word of letters or digits');

/** A group's name: its first word. */
const groupKeySchema = synonymWordSchema;

export const synonymGroupSchema = z.object({
  group: z.string().describe('The group’s name: its first word'),
  words: z.array(z.string()).describe('Every word of the group, the name first, then alphabetical'),
});
export type SynonymGroup = z.infer<typeof synonymGroupSchema>;

/** PUT: `words` become a group; with `group`, they replace that group (which may be renamed by a new first word). */
export const synonymGroupPutSchema = z.object({
  group: groupKeySchema.optional(),
  words: z
    .array(synonymWordSchema)
    .max(MAX_GROUP_WORDS, `A group has at most ${MAX_GROUP_WORDS} words`)
    .transform((words) => [...new Set(words)])
    .refine((words) => words.length >= 2, 'A group needs at least two different words'),
});

export const synonymGroupDeleteSchema = z.object({ group: groupKeySchema });
