import { eq, isNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ChangeFeed } from '../src/db/change-feed';
import { items } from '../src/db/schema';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { listItems, RELEVANCE_CANDIDATES } from '../src/content/read';
import { NO_SEARCH_AIDS, type SearchAids } from '../src/content/search';
import { VisibleRowCounts } from '../src/content/visible-rows';
import { seededTestApp, statementsSentDuring } from './helper';

/**
 * A store with no more visible products than the relevance candidates (read.ts: ranksEveryMatch) ranks
 * a search's matches in one read: the same page as ranking the newest RELEVANCE_CANDIDATES, known from an
 * exact count kept while the change feed is heard (content/visible-rows.ts).
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

function liveFeed(): ChangeFeed {
  const feed = new ChangeFeed();
  feed.publish({ type: 'restored' });
  return feed;
}

async function visibleItems(): Promise<number> {
  const [row] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(items).where(isNull(items.archived_at));
  return row!.n;
}

const SEARCHES = [
  'search=silk',
  'search=silk%20saree',
  'search=kundan%20necklace&filter[quantity][_gt]=0',
  'search=gold&filter[price][_lte]=20000',
  'search=pearl&offset=5',
  'search=saree&limit=3&offset=10',
  'search=banarsi',
  'search=neckless&filter[quantity][_gt]=0',
  'search=red&offset=195',
  'search=a&limit=100&offset=150',
];

describe('the kept counts of visible rows', () => {
  it('count exactly, keep through stock changes, drop on any other change, and keep nothing read across one', async () => {
    const feed = liveFeed();
    const counts = new VisibleRowCounts(t.db, feed);
    const visible = await visibleItems();
    expect(visible).toBeGreaterThan(0);
    const read = () => statementsSentDuring(t.db, () => counts.of(collection));

    expect(await read()).toMatchObject({ result: visible, texts: [expect.stringContaining('count(')] });
    expect(await read()).toMatchObject({ result: visible, texts: [] });
    feed.publish({ type: 'notify', payload: 'stock:1,2' });
    expect((await read()).texts).toHaveLength(0);

    const [first] = await t.db.select({ id: items.id }).from(items).where(isNull(items.archived_at)).limit(1);
    await t.db.update(items).set({ archived_at: new Date() }).where(eq(items.id, first!.id));
    try {
      feed.publish({ type: 'notify', payload: 'items' });
      expect(await read()).toMatchObject({ result: visible - 1, texts: [expect.stringContaining('count(')] });

      // A count read while a change lands is answered but not kept.
      const racing = new VisibleRowCounts(t.db, feed);
      const pending = racing.of(collection);
      feed.publish({ type: 'notify', payload: 'items' });
      expect(await pending).toBe(visible - 1);
      expect((await statementsSentDuring(t.db, () => racing.of(collection))).texts).toHaveLength(1);
    } finally {
      await t.db.update(items).set({ archived_at: null }).where(eq(items.id, first!.id));
    }

    feed.publish({ type: 'lost' });
    expect(await read()).toMatchObject({ result: undefined, texts: [] });
    expect(await new VisibleRowCounts(t.db, null).of(collection)).toBeUndefined();
  });
});

describe('a search of a store no larger than the relevance candidates', () => {
  it('ranks every match in one read, and answers the page that ranking the newest candidates answers', async () => {
    expect(await visibleItems()).toBeLessThanOrEqual(RELEVANCE_CANDIDATES);
    const aids: SearchAids = { ...NO_SEARCH_AIDS, visibleRows: new VisibleRowCounts(t.db, liveFeed()) };
    let nonEmpty = 0;
    for (const search of SEARCHES) {
      const query = parseContentQuery(`fields=id,title&${search}`);
      const candidates = await statementsSentDuring(t.db, () => listItems(t.db, collection, query));
      const everyMatch = await statementsSentDuring(t.db, () => listItems(t.db, collection, query, aids));
      expect(everyMatch.result.data, search).toEqual(candidates.result.data);
      if (candidates.result.data.length > 0) nonEmpty++;
      // Without the kept count the newest candidates are found first; with it, not.
      expect(candidates.texts.some((text) => text.includes(`limit ${RELEVANCE_CANDIDATES}`)), search).toBe(true);
      expect(everyMatch.texts.some((text) => text.includes(`limit ${RELEVANCE_CANDIDATES}`)), search).toBe(false);
    }
    expect(nonEmpty).toBeGreaterThan(SEARCHES.length / 2);
  });
});
