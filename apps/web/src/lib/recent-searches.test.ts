import { describe, expect, it } from 'vitest';
import { addRecentSearch, readRecentSearches, recordRecentSearch, RECENT_SEARCHES_KEY, shownRecentSearches } from './recent-searches';

describe('recent searches (spec 1 §5)', () => {
  it('trims and puts the newest first', () => {
    expect(addRecentSearch(['silk'], '  jhumka  ')).toEqual(['jhumka', 'silk']);
  });

  it('ignores empty text', () => {
    expect(addRecentSearch(['silk'], '   ')).toEqual(['silk']);
    expect(recordRecentSearch('')).toEqual([]);
    expect(window.localStorage.getItem(RECENT_SEARCHES_KEY)).toBeNull();
  });

  it('removes duplicates case-insensitively, keeping the newest spelling first', () => {
    expect(addRecentSearch(['Silk', 'jhumka'], 'SILK')).toEqual(['SILK', 'jhumka']);
  });

  it('keeps at most 10 and shows 3', () => {
    let list: string[] = [];
    for (let n = 1; n <= 12; n += 1) list = recordRecentSearch(`term ${n}`);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('term 12');
    expect(list[9]).toBe('term 3');
    expect(readRecentSearches()).toEqual(list);
    expect(shownRecentSearches(list)).toEqual(['term 12', 'term 11', 'term 10']);
  });

  it('leaves the text already in the box out of the 3 shown', () => {
    const list = ['silk', 'Kundan', 'banarasi', 'cotton'];
    expect(shownRecentSearches(list, ' kundan ')).toEqual(['silk', 'banarasi', 'cotton']);
    expect(shownRecentSearches(list, '')).toEqual(['silk', 'Kundan', 'banarasi']);
  });

  it('survives a broken stored value', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(readRecentSearches()).toEqual([]);
  });
});
