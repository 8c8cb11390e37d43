/*
 * The synonyms form's words: typed as one line, separated by commas or spaces, checked with the rules
 * the server applies (modules/admin/search-synonyms/contract.ts): each a single search word, at most
 * 40 characters, 2 to 12 different words a group.
 */

export const MAX_GROUP_WORDS = 12;
const MAX_WORD_LENGTH = 40;

/** A search word (content/search.ts: searchWords): letters and digits, inner dots and hyphens allowed. */
const SEARCH_WORD = /^[\p{L}\p{N}]+(?:[.-][\p{L}\p{N}]+)*$/u;

export const SYNONYM_WORD_TEXT = {
  needTwo: 'A group needs at least two different words',
  tooMany: `A group has at most ${MAX_GROUP_WORDS} words`,
  tooLong: (word: string) => `‘${word}’ is longer than ${MAX_WORD_LENGTH} characters`,
  notOneWord: (word: string) => `‘${word}’ is not one word of letters or digits`,
} as const;

/** The words of the field as search sees them: lower case, each once, in the order typed. */
export function splitSynonymWords(text: string): string[] {
  const words = text
    .normalize('NFKC')
    .toLowerCase()
    .split(/[\s,]+/u)
    .filter((word) => word !== '');
  return [...new Set(words)];
}

/** The words to send, or the field's problem. */
export function checkSynonymWords(text: string): { ok: true; words: string[] } | { ok: false; error: string } {
  const words = splitSynonymWords(text);
  const long = words.find((word) => word.length > MAX_WORD_LENGTH);
  if (long) return { ok: false, error: SYNONYM_WORD_TEXT.tooLong(long) };
  const odd = words.find((word) => !SEARCH_WORD.test(word));
  if (odd) return { ok: false, error: SYNONYM_WORD_TEXT.notOneWord(odd) };
  if (words.length < 2) return { ok: false, error: SYNONYM_WORD_TEXT.needTwo };
  if (words.length > MAX_GROUP_WORDS) return { ok: false, error: SYNONYM_WORD_TEXT.tooMany };
  return { ok: true, words };
}
