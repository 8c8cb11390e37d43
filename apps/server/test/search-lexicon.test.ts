import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/db/change-feed';
import { items } from '../src/db/schema';
import { publicCollection } from '../src/content/collections';
import { Lexicon, LexiconCache, LEXICON_ROWS } from '../src/content/lexicon';
import { parseContentQuery } from '../src/content/query-parse';
import { listItems } from '../src/content/read';
import { NO_SEARCH_AIDS, planSearch, searchWords, someWordUnknown, TYPO_THRESHOLD, typoFallback, type SearchAids } from '../src/content/search';
import { Vocabulary } from '../src/content/trigrams';
import { readSynonymGroups, synonymIndex } from '../src/content/synonyms';
import { seededTestApp, statementsSentDuring, TEST_DATABASE_URL } from './helper';

/**
 * A small store keeps the words of its products' documents (content/lexicon.ts, decisions/0091): a
 * search with a word no document has matches nothing as typed, so it goes straight to its typo fallback
 * without reading the text as typed.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

/** A lexicon's read: the documents' words, then the typo fallback's vocabulary. */
const LEXICON_STATEMENTS = 2;

function liveFeed(): ChangeFeed {
  const feed = new ChangeFeed();
  feed.publish({ type: 'restored' });
  return feed;
}

describe('a lexicon', () => {
  const lexicon = new Lexicon(['saree', 'silk', 'banarasi', 'jhumka', 'zari', 'sarees']);

  it('has its words and their prefixes, and nothing else', () => {
    expect(lexicon.size).toBe(6);
    expect(lexicon.has('silk')).toBe(true);
    expect(lexicon.has('sil')).toBe(false);
    expect(['s', 'sar', 'saree', 'sarees', 'zar', 'zari', 'banarasi', 'b'].filter((prefix) => !lexicon.hasPrefix(prefix))).toEqual([]);
    expect(['sareess', 'silky', 'zz', 'a', 'jhumki', 'banarsi'].filter((prefix) => lexicon.hasPrefix(prefix))).toEqual([]);
    expect(new Lexicon([]).hasPrefix('a')).toBe(false);
  });

  it('says a text has an unknown word as the full text would match it: whole words, the last one a prefix, any word of its synonym group', () => {
    const synonyms = synonymIndex([['jhumka', 'jhumki', 'jumka']]);
    // Every word known; the last one as a prefix.
    expect(someWordUnknown('banarasi sar', lexicon, synonyms)).toBe(false);
    expect(someWordUnknown('silk', lexicon, synonyms)).toBe(false);
    // A word before the last must be whole: 'sar' is only a prefix.
    expect(someWordUnknown('sar silk', lexicon, synonyms)).toBe(true);
    // A misspelt word, last or not.
    expect(someWordUnknown('banarsi saree', lexicon, synonyms)).toBe(true);
    expect(someWordUnknown('silk sareez', lexicon, synonyms)).toBe(true);
    // A word absent itself but whose group has a word the documents have.
    expect(someWordUnknown('jumka silk', lexicon, synonyms)).toBe(false);
    expect(someWordUnknown('silk jhumki', lexicon, synonyms)).toBe(false);
    expect(someWordUnknown('silk jhumki', lexicon)).toBe(true);
    // Words PostgreSQL splits or lowers by its own rules are not judged.
    expect(someWordUnknown('gold-plated silk', lexicon, synonyms)).toBe(false);
    expect(someWordUnknown('6.5 silk', lexicon, synonyms)).toBe(false);
    expect(someWordUnknown('साड़ी silk', lexicon, synonyms)).toBe(false);
    // Case as the search reads it (searchWords lowers it).
    expect(someWordUnknown('SILK Saree', lexicon, synonyms)).toBe(false);
  });
});

/** A word with one letter dropped, doubled, swapped or replaced: what a shopper's slip does to it. */
function slips(word: string): string[] {
  const at = Math.floor(word.length / 2);
  return [
    word.slice(0, at) + word.slice(at + 1),
    word.slice(0, at) + word[at] + word.slice(at),
    word.slice(0, at) + (word[at + 1] ?? '') + word[at] + word.slice(at + 2),
    word.slice(0, at) + 'q' + word.slice(at + 1),
  ];
}

describe("the demo store's lexicon", () => {
  it('never says a text matches nothing that the full text does match', async () => {
    const lexicon = await new LexiconCache(t.db, liveFeed()).of(collection);
    expect(lexicon?.size).toBeGreaterThan(100);
    const synonyms = synonymIndex((await readSynonymGroups(t.db)).values());
    const titles = await t.db.select({ title: items.title }).from(items).where(isNull(items.archived_at)).limit(40);
    const texts = new Set<string>();
    for (const { title } of titles) {
      const words = searchWords(title).filter((word) => /^[a-z]+$/.test(word));
      for (let i = 0; i + 1 < words.length; i++) {
        const [first, second] = [words[i]!, words[i + 1]!];
        texts.add(`${first} ${second}`);
        texts.add(`${first} ${second.slice(0, 3)}`);
        for (const slip of slips(first)) texts.add(`${slip} ${second}`);
        for (const slip of slips(second)) texts.add(`${first} ${slip}`);
      }
    }
    const verdicts = { unknown: 0, matching: 0 };
    for (const text of texts) {
      if (!someWordUnknown(text, lexicon!, synonyms)) continue;
      verdicts.unknown++;
      const search = planSearch(collection, text, synonyms);
      const [row] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(items).where(search.condition);
      if (row!.n > 0) verdicts.matching++;
      expect(row!.n, text).toBe(0);
    }
    // Most slips make a word no document has; the texts as titles spell them never do.
    expect(verdicts.unknown).toBeGreaterThan(texts.size / 3);
    expect(verdicts.matching).toBe(0);
  });
});

const aidsWith = (lexicons: LexiconCache): SearchAids => ({ ...NO_SEARCH_AIDS, lexicons });

describe('a misspelt search of a small store with its lexicon kept', () => {
  it('reads no page of the text as typed, and answers what the store answers without the lexicon', async () => {
    const lexicons = new LexiconCache(t.db, liveFeed());
    await lexicons.of(collection);
    for (const search of ['banarsi%20saree', 'kundun%20necklace&filter[quantity][_gt]=0', 'silk%20sareez&offset=10', 'neckless&sort=price'].map((text) => `search=${text}`)) {
      const query = parseContentQuery(`fields=id,title&limit=5&meta=suggestion&${search}`);
      // Once before, so that what the service remembers of the table (its estimates) is asked of neither.
      await listItems(t.db, collection, query);
      const plain = await statementsSentDuring(t.db, () => listItems(t.db, collection, query));
      const known = await statementsSentDuring(t.db, () => listItems(t.db, collection, query, aidsWith(lexicons)));
      expect(known.result, search).toEqual(plain.result);
      // The same statements but the page (or the page with its check) of the text as typed, which came
      // first, and the corrections, found in the kept vocabulary (decisions/0092).
      expect(plain.texts.length, search).toBeGreaterThan(2);
      expect(plain.texts.filter((text) => text.includes('search_words')), search).toHaveLength(1);
      expect(known.texts, search).toEqual(plain.texts.slice(1).filter((text) => !text.includes('search_words')));
    }
    const found = await listItems(t.db, collection, parseContentQuery('fields=id&limit=5&search=banarsi%20saree'), aidsWith(lexicons));
    expect(found.data.length).toBeGreaterThan(0);
  });

  it('keeps the words through stock changes, reads them again after any other change, and has none while changes are not heard', async () => {
    const feed = liveFeed();
    const lexicons = new LexiconCache(t.db, feed);
    const read = () => statementsSentDuring(t.db, () => lexicons.of(collection));
    // Two statements: the documents' words, and the typo fallback's vocabulary.
    expect((await read()).texts).toHaveLength(LEXICON_STATEMENTS);
    expect((await read()).texts).toHaveLength(0);
    feed.publish({ type: 'notify', payload: 'stock:1,2' });
    expect((await read()).texts).toHaveLength(0);

    // A word new to the store is in the lexicon once its change is heard: a lexicon kept from before
    // would say a search for it matches nothing, and answer with the typo fallback's guesses.
    const [item] = await t.db.select({ id: items.id, title: items.title }).from(items).where(isNull(items.archived_at)).limit(1);
    expect((await lexicons.of(collection))?.has('mukaish')).toBe(false);
    try {
      await t.db.update(items).set({ title: `${item!.title} Mukaish Work` }).where(eq(items.id, item!.id));
      feed.publish({ type: 'notify', payload: 'items' });
      expect((await read()).texts).toHaveLength(LEXICON_STATEMENTS);
      expect((await lexicons.of(collection))?.has('mukaish')).toBe(true);
      const query = parseContentQuery('fields=id&limit=5&meta=suggestion&search=mukaish%20wor');
      const found = await listItems(t.db, collection, query, aidsWith(lexicons));
      expect(found.data).toEqual([{ id: item!.id }]);
      expect(found).toEqual(await listItems(t.db, collection, query));
    } finally {
      await t.db.update(items).set({ title: item!.title }).where(eq(items.id, item!.id));
    }

    feed.publish({ type: 'lost' });
    expect(await read()).toMatchObject({ result: undefined, texts: [] });
    expect(await new LexiconCache(t.db, null).of(collection)).toBeUndefined();
  });

  it('makes no search wait for it: a search that finds none kept begins its read and goes on without', async () => {
    const lexicons = new LexiconCache(t.db, liveFeed());
    const { result, texts } = await statementsSentDuring(t.db, async () => {
      const first = lexicons.current(collection);
      const second = lexicons.current(collection);
      return { first, second, read: await lexicons.of(collection) };
    });
    expect(result.first).toBeUndefined();
    expect(result.second).toBeUndefined();
    expect(texts).toHaveLength(LEXICON_STATEMENTS);
    expect(lexicons.current(collection)).toBe(result.read);
    expect(result.read?.has('saree')).toBe(true);
  });

  it('begins no second read while one is under way, even after changes: a burst of changes costs one read at a time', async () => {
    const feed = liveFeed();
    const lexicons = new LexiconCache(t.db, feed);
    const { texts } = await statementsSentDuring(t.db, async () => {
      const pending = lexicons.of(collection);
      for (let change = 0; change < 3; change++) {
        feed.publish({ type: 'notify', payload: 'items' });
        expect(lexicons.current(collection)).toBeUndefined();
      }
      await pending;
    });
    expect(texts).toHaveLength(LEXICON_STATEMENTS);
    // Begun before the changes, it was not kept: the next search begins another read, which is.
    const again = await statementsSentDuring(t.db, async () => {
      expect(lexicons.current(collection)).toBeUndefined();
      return lexicons.of(collection);
    });
    expect(again.texts).toHaveLength(LEXICON_STATEMENTS);
    expect(lexicons.current(collection)).toBe(again.result);
  });

  it('shares one read among the searches that ask while it is under way, and keeps none read across a change', async () => {
    const feed = liveFeed();
    const lexicons = new LexiconCache(t.db, feed);
    const { result, texts } = await statementsSentDuring(t.db, () => Promise.all([lexicons.of(collection), lexicons.of(collection)]));
    expect(texts).toHaveLength(LEXICON_STATEMENTS);
    expect(result[0]).toBe(result[1]);

    const racing = new LexiconCache(t.db, feed);
    const pending = racing.of(collection);
    feed.publish({ type: 'notify', payload: 'items' });
    expect((await pending)?.has('saree')).toBe(true);
    expect((await statementsSentDuring(t.db, () => racing.of(collection))).texts).toHaveLength(LEXICON_STATEMENTS);
  });
});

describe('a table past LEXICON_ROWS', () => {
  const larger = seededTestApp();

  // PostgreSQL's autovacuum may count the rows again meanwhile; PGlite has none.
  it.skipIf(TEST_DATABASE_URL)('reads a misspelt text as typed, its lexicon neither asked for nor read', async () => {
    // The planner's row count of items set past LEXICON_ROWS (still a small table), which is how a read
    // learns the table's size (estimates.ts: tableSize).
    await larger.db.execute(sql`update pg_class set reltuples = ${LEXICON_ROWS * 2} where oid = 'public.items'::regclass`);
    const lexicons = new LexiconCache(larger.db, liveFeed());
    const query = parseContentQuery('fields=id&limit=5&search=banarsi%20saree');
    await listItems(larger.db, collection, query);
    const plain = await statementsSentDuring(larger.db, () => listItems(larger.db, collection, query));
    const withLexicons = await statementsSentDuring(larger.db, () => listItems(larger.db, collection, query, aidsWith(lexicons)));
    expect(withLexicons).toEqual(plain);
    expect(plain.result.data.length).toBeGreaterThan(0);
  });
});

describe("the typo fallback's vocabulary in memory (decisions/0092)", () => {
  const fallbackOf = (text: string, vocabulary?: Vocabulary) =>
    statementsSentDuring(t.db, () => typoFallback(t.db, collection, text, planSearch(collection, text), NO_SEARCH_AIDS, true, vocabulary));

  it("corrects a plain word as pg_trgm does, without a statement, and leaves to the database what it cannot judge exactly", async () => {
    // Words pg_trgm splits (hyphens, dots), a tie a collation could order, and letters of another script.
    await t.db.execute(sql`insert into search_words (word) values ('gold-plated'), ('goldplated'), ('zari-work'), ('zariwork'), ('22k'), ('6.5'), ('साड़ी') on conflict do nothing`);
    try {
      const vocabularyWords = (await t.db.execute(sql`select word from search_words`)) as unknown as { rows: { word: string }[] };
      const vocabulary = new Vocabulary(vocabularyWords.rows.map((row) => row.word));
      const words = new Set<string>(['xqzv', 'a', 'zz', 'goldplate', 'gold', 'zari', 'zariwrk', '22', '6', 'kundn']);
      for (const { word } of vocabularyWords.rows.slice(0, 80)) {
        if (!/^[a-z]+$/.test(word)) continue;
        words.add(word);
        for (const slip of slips(word)) words.add(slip);
      }
      let inMemory = 0;
      for (const word of words) {
        const database = await fallbackOf(word);
        const memory = await fallbackOf(word, vocabulary);
        expect(memory.result?.corrections, word).toEqual(database.result?.corrections);
        const asked = memory.texts.some((text) => text.includes('search_words'));
        if (!asked) inMemory++;
        // Asked only where it could not judge: never for a plain word of a plain vocabulary's neighbourhood.
        if (asked) expect(vocabulary.corrections(word, TYPO_THRESHOLD, 3), word).toBeUndefined();
      }
      expect(inMemory).toBeGreaterThan(words.size * 0.8);
      expect(vocabulary.corrections('gold-plated', TYPO_THRESHOLD, 3)).toBeUndefined();
      expect(vocabulary.corrections('Gold', TYPO_THRESHOLD, 3)).toBeUndefined();
    } finally {
      await t.db.execute(sql`delete from search_words where word in ('gold-plated', 'goldplated', 'zari-work', 'zariwork', '22k', '6.5', 'साड़ी') and not ssd_word_in_use(word)`);
    }
  });

  it('asks the database when a tie it would order by spelling holds a word with a hyphen, which a collation may order otherwise', () => {
    // 'ab' shares all three of its trigrams with each of 'ab-x' and 'ab-y' (five each): 0.6 both.
    const vocabulary = new Vocabulary(['ab', 'ab-x', 'ab-y', 'abc']);
    expect(vocabulary.corrections('ab', TYPO_THRESHOLD, 3)).toBeUndefined();
    expect(vocabulary.corrections('ab', TYPO_THRESHOLD, 2)).toBeUndefined();
    // The tie past what is kept decides nothing.
    expect(vocabulary.corrections('ab', TYPO_THRESHOLD, 1)).toEqual(['ab']);
  });

  it('asks the database for every word when a word of the vocabulary mixes ASCII with other letters', () => {
    expect(new Vocabulary(['saree', 'silk']).corrections('sare', TYPO_THRESHOLD, 3)).toEqual(['saree']);
    expect(new Vocabulary(['saree', 'silk', 'café']).corrections('sare', TYPO_THRESHOLD, 3)).toBeUndefined();
    expect(new Vocabulary(['saree', 'silk', 'साड़ी']).corrections('sare', TYPO_THRESHOLD, 3)).toEqual(['saree']);
  });
});
