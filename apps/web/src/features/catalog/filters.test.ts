import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../../lib/listing-filters';
import { filterChips } from './filters';

describe('the chips above a listing', () => {
  it('show price bounds with the Indian digit grouping the rest of the store uses', () => {
    const { chips } = filterChips({ ...NO_FILTERS, sort: 'relevance', min: '2000', max: '999999' });
    expect(chips).toEqual(['Min ₹2,000', 'Max ₹9,99,999']);
    expect(filterChips({ ...NO_FILTERS, sort: 'relevance', min: '1499.5', max: '' }).chips).toEqual(['Min ₹1,499.5']);
  });
});
