import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/db/change-feed';
import { publicCollection } from '../src/content/collections';
import { CorrectionCache } from '../src/content/corrections';
import { parseContentQuery } from '../src/content/query-parse';
import { listItems } from '../src/content/read';
import { NO_SYNONYMS } from '../src/content/synonyms';
import { seededTestApp, statementsSentDuring } from './helper';

/**
 * A misspelt search's corrections (search.ts: the typo fallback) are kept in memory while the change
 * feed is heard (content/corrections.ts), and dropped by any change but a change of stock alone.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

/** A reader that answers each word with `[word + '!']` and records what it was asked. */
function recordingReader() {
  const asked: string[][] = [];
  const read = async (words: string[]) => {
    asked.push(words);
    return words.map((word) => [`${word}!`]);
  };
  return { asked, read };
}

describe('the kept corrections', () => {
  it('asks only for the words it does not have, keeps them through stock changes, and drops them on any other change', async () => {
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const cache = new CorrectionCache(feed);
    const { asked, read } = recordingReader();

    expect(await cache.of(['neckless', 'silkk'], read)).toEqual([['neckless!'], ['silkk!']]);
    expect(await cache.of(['silkk', 'earing', 'silkk'], read)).toEqual([['silkk!'], ['earing!'], ['silkk!']]);
    expect(asked).toEqual([['neckless', 'silkk'], ['earing']]);

    feed.publish({ type: 'notify', payload: 'stock:1,2' });
    await cache.of(['neckless'], read);
    expect(asked).toHaveLength(2); // a change of stock alone cannot change a word

    feed.publish({ type: 'notify', payload: 'items' });
    await cache.of(['neckless'], read);
    expect(asked.at(-1)).toEqual(['neckless']);
  });

  it('does not keep what was read across a change, and keeps nothing while changes are not heard', async () => {
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const cache = new CorrectionCache(feed);
    const { asked, read } = recordingReader();
    await cache.of(['kundun'], async (words) => {
      feed.publish({ type: 'notify', payload: 'items' }); // an edit lands while the corrections are read
      return read(words);
    });
    await cache.of(['kundun'], read);
    expect(asked).toEqual([['kundun'], ['kundun']]);

    feed.publish({ type: 'lost' });
    await cache.of(['kundun'], read);
    await cache.of(['kundun'], read);
    expect(asked).toHaveLength(4);
  });

  it('spare a repeated misspelt search its corrections statement, with the same answer', async () => {
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const cache = new CorrectionCache(feed);
    const read = () => statementsSentDuring(t.db, () => listItems(t.db, collection, parseContentQuery('fields=title&search=kundun&limit=5'), { synonyms: NO_SYNONYMS, corrections: cache, visibleRows: null, lexicons: null }));
    const asksCorrections = (texts: string[]) => texts.some((text) => text.includes('from search_words'));

    const first = await read();
    expect(asksCorrections(first.texts)).toBe(true);
    expect(first.result.data.length).toBeGreaterThan(0);
    const second = await read();
    expect(asksCorrections(second.texts)).toBe(false);
    expect(second.result).toEqual(first.result);
    expect(second.result).toEqual(await listItems(t.db, collection, parseContentQuery('fields=title&search=kundun&limit=5')));
  });
});
