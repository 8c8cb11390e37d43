/**
 * pg_trgm's word similarity, computed in memory over the typo fallback's vocabulary (search_words) of a
 * small store (decisions/0092), so that correcting a misspelt word sends no statement. It follows
 * pg_trgm's published rules: a text is split into words at every character that is not a letter or
 * digit; each word, padded with two spaces before and one after, gives its runs of three characters;
 * the similarity of two texts is the share of their distinct trigrams they have in common,
 * shared / (first + second − shared), in single precision.
 *
 * Only what it can answer exactly is answered: plain ASCII words, whose splitting and lower case do not
 * depend on the database's locale, and an order that no collation could change. Otherwise `corrections`
 * says undefined and the database is asked (search.ts: correctWords).
 */
import { PLAIN_WORD } from './search';

/** Plain words joined by dots or hyphens, which pg_trgm splits as any other non-alphanumeric character. */
const PLAIN_PARTS = /^[a-z0-9]+(?:[.-][a-z0-9]+)*$/;
/** Any ASCII letter or digit: a word with one, not otherwise plain, could share a trigram with a plain word. */
const ASCII_ALNUM = /[a-z0-9]/i;

/** The distinct trigrams of a text of plain parts (PLAIN_PARTS). */
function trigramsOf(text: string): Set<string> {
  const trigrams = new Set<string>();
  for (const word of text.split(/[.-]/)) {
    const padded = `  ${word} `;
    for (let i = 0; i + 3 <= padded.length; i++) trigrams.add(padded.slice(i, i + 3));
  }
  return trigrams;
}

/** `a / b` as pg_trgm computes it (float4 operands and result). */
function float4Quotient(a: number, b: number): number {
  return Math.fround(a / b);
}

interface Candidate {
  word: string;
  same: boolean;
  similarity: number;
}

export class Vocabulary {
  readonly #words: string[] = [];
  readonly #trigramCounts: number[] = [];
  /** trigram → the indexes of the words that have it. */
  readonly #postings = new Map<string, number[]>();
  /** False when some word could share a trigram with a plain word by rules this module does not follow. */
  readonly #judgeable: boolean;

  constructor(words: Iterable<string>) {
    let judgeable = true;
    for (const word of words) {
      if (!PLAIN_PARTS.test(word)) {
        // A word of other letters only (Devanagari, say) has no trigram of ASCII alone: never a candidate.
        if (ASCII_ALNUM.test(word)) judgeable = false;
        continue;
      }
      const index = this.#words.push(word) - 1;
      const trigrams = trigramsOf(word);
      this.#trigramCounts.push(trigrams.size);
      for (const trigram of trigrams) {
        const holders = this.#postings.get(trigram);
        if (holders) holders.push(index);
        else this.#postings.set(trigram, [index]);
      }
    }
    this.#judgeable = judgeable;
  }

  /**
   * The words of the vocabulary at similarity ≥ `threshold` to `word` (the word itself first when the
   * vocabulary has it), best first, then by spelling; at most `max`. Undefined when the database must
   * answer: a word that is not plain, a vocabulary this cannot judge, or a tie whose order the
   * database's collation decides (a word with a dot or hyphen in it).
   */
  corrections(word: string, threshold: number, max: number): string[] | undefined {
    if (!this.#judgeable || !PLAIN_WORD.test(word)) return undefined;
    const trigrams = trigramsOf(word);
    const shared = new Map<number, number>();
    for (const trigram of trigrams) {
      for (const index of this.#postings.get(trigram) ?? []) shared.set(index, (shared.get(index) ?? 0) + 1);
    }
    const least = Math.fround(threshold);
    const candidates: Candidate[] = [];
    for (const [index, count] of shared) {
      const other = this.#words[index] as string;
      const similarity = float4Quotient(count, trigrams.size + (this.#trigramCounts[index] as number) - count);
      const same = other === word;
      if (same || similarity >= least) candidates.push({ word: other, same, similarity });
    }
    candidates.sort((a, b) => Number(b.same) - Number(a.same) || b.similarity - a.similarity || (a.word < b.word ? -1 : a.word > b.word ? 1 : 0));
    // Ties are ordered by spelling, as the database's collation orders plain words too; one with a dot or
    // a hyphen it may order otherwise, and where that decides what is kept or first, it is asked.
    const decided = candidates.slice(0, max + 1);
    for (let i = 1; i < decided.length; i++) {
      const [before, after] = [decided[i - 1] as Candidate, decided[i] as Candidate];
      const tied = before.same === after.same && before.similarity === after.similarity;
      if (tied && !(PLAIN_WORD.test(before.word) && PLAIN_WORD.test(after.word))) return undefined;
    }
    return candidates.slice(0, max).map((candidate) => candidate.word);
  }
}
