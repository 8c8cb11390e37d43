import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../lib/listing-filters';
import { filterChips } from './filters';

describe('the chips above a listing', () => {
  it('show price bounds with the Indian digit grouping the rest of the store uses', () => {
    const { chips } = filterChips({ ...NO_FILTERS, sort: 'relevance', min: '2000', max: '999999' });
    expect(chips.map((chip) => chip.label)).toEqual(['Min ₹2,000', 'Max ₹9,99,999']);
    expect(filterChips({ ...NO_FILTERS, sort: 'relevance', min: '1499.5', max: '' }).chips.map((chip) => chip.label)).toEqual([
      'Min ₹1,499.5',
    ]);
  });

  it('each remove only its own filter', () => {
    const state = {
      sort: 'price --low to high' as const,
      catalogs: ['Sarees', 'Suits'],
      shops: ['fabrics'],
      inStock: true,
      min: '2000',
      max: '10000',
      tags: 'silk, party',
    };
    const without = Object.fromEntries(filterChips(state).chips.map((chip) => [chip.label, chip.without]));
    expect(Object.keys(without)).toEqual(['In Stock', 'Sarees', 'Suits', 'Fabrics', 'Min ₹2,000', 'Max ₹10,000', 'Tag: silk', 'Tag: party']);
    expect(without['In Stock']).toEqual({ ...state, inStock: false });
    expect(without['Suits']).toEqual({ ...state, catalogs: ['Sarees'] });
    expect(without['Fabrics']).toEqual({ ...state, shops: [] });
    expect(without['Min ₹2,000']).toEqual({ ...state, min: '' });
    expect(without['Max ₹10,000']).toEqual({ ...state, max: '' });
    expect(without['Tag: silk']).toEqual({ ...state, tags: 'party' });
  });
});
