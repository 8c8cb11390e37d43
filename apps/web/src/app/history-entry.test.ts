import { describe, expect, it } from 'vitest';
import { keyNewHistoryEntry } from './history-entry';

/** A history whose state is the given one, recording what replaceState writes. */
function historyWith(state: unknown) {
  const written: unknown[] = [];
  const history = {
    get state() {
      return written.length ? written[written.length - 1] : state;
    },
    replaceState(next: unknown) {
      written.push(next);
    },
  } as unknown as History;
  return { history, written };
}

describe('a page load and its history entry', () => {
  it('gives a new entry (no state: a typed address, a link from elsewhere) a key of its own, so it opens at the top', () => {
    const first = historyWith(null);
    keyNewHistoryEntry(first.history, () => 'k1');
    expect(first.written).toEqual([{ usr: null, key: 'k1', idx: 0 }]);
    const second = historyWith(null);
    keyNewHistoryEntry(second.history, () => 'k2');
    expect((second.history.state as { key: string }).key).not.toBe((first.history.state as { key: string }).key);
  });

  it('keeps the key of an entry that has one (a reload, Back or Forward), so its scroll position comes back', () => {
    const reloaded = historyWith({ usr: { from: '/cart' }, key: 'abc123', idx: 3 });
    keyNewHistoryEntry(reloaded.history, () => 'new');
    expect(reloaded.written).toEqual([]);
  });
});
