import { useMemo, useSyncExternalStore } from 'react';
import { RECENT_SEARCHES_KEPT, RECENT_SEARCHES_SHOWN } from '@ssd/shared/constants';
import { readStorage, writeStorage } from './storage';

/**
 * Recent searches (spec 1 §5, spec 2 §4): trimmed, empty ignored, duplicates removed
 * case-insensitively, newest first, at most 10 kept in local storage, 3 shown. Logout clears all
 * of local storage, this list included.
 */
export const RECENT_SEARCHES_KEY = 'search_history';

/** The list after searching `text`: pure, so the rules are tested without storage. */
export function addRecentSearch(list: readonly string[], text: string): string[] {
  const term = text.trim();
  if (!term) return [...list];
  const lower = term.toLowerCase();
  return [term, ...list.filter((entry) => entry.trim().toLowerCase() !== lower)].slice(0, RECENT_SEARCHES_KEPT);
}

export function readRecentSearches(): string[] {
  return parseRecentSearches(readStorage('localStorage', RECENT_SEARCHES_KEY));
}

function parseRecentSearches(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (!Array.isArray(parsed)) return [];
    return parsed
      .filter((entry): entry is string => typeof entry === 'string' && entry.trim() !== '')
      .slice(0, RECENT_SEARCHES_KEPT);
  } catch {
    return [];
  }
}

/** Records a search and returns the new list (unchanged for blank text). */
export function recordRecentSearch(text: string): string[] {
  const current = readRecentSearches();
  if (!text.trim()) return current;
  const next = addRecentSearch(current, text);
  writeStorage('localStorage', RECENT_SEARCHES_KEY, JSON.stringify(next));
  return next;
}

/**
 * The suggestions under the search box: the 3 newest. On a results page the text already in the
 * box (`current`) is left out, since suggesting the search the shopper is looking at helps nobody.
 */
export function shownRecentSearches(list: readonly string[], current = ''): string[] {
  const lower = current.trim().toLowerCase();
  return list.filter((entry) => !lower || entry.trim().toLowerCase() !== lower).slice(0, RECENT_SEARCHES_SHOWN);
}

const noSubscription = () => () => {};

/**
 * The suggestions under a search box, as `shownRecentSearches`. A page the server rendered
 * (src/entry-server.tsx) has none — the server cannot see this browser's storage — so the browser
 * takes that page over without them and shows them right after.
 */
export function useShownRecentSearches(current = ''): string[] {
  const raw = useSyncExternalStore(
    noSubscription,
    () => readStorage('localStorage', RECENT_SEARCHES_KEY),
    () => null,
  );
  return useMemo(() => shownRecentSearches(parseRecentSearches(raw), current), [raw, current]);
}
