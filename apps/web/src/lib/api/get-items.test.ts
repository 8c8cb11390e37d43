import { describe, expect, it } from 'vitest';
import { NO_FILTERS, parseSort, parseTags, priceBound } from '../listing-filters';
import { itemsFilter, itemsQuery, searchSortParam, sortParam } from './get-items';

describe('item queries (spec 2 §7)', () => {
  it('uses a price bound only when it is not empty and numeric', () => {
    expect(priceBound('')).toBeNull();
    expect(priceBound('  ')).toBeNull();
    expect(priceBound('abc')).toBeNull();
    expect(priceBound('12e')).toBeNull();
    expect(priceBound(' 1500 ')).toBe(1500);
    expect(priceBound('0')).toBe(0);
    expect(itemsFilter({ ...NO_FILTERS, min: 'x', max: '' })).toBeNull();
    expect(itemsFilter({ ...NO_FILTERS, min: '1000', max: '5000' })).toEqual({
      _and: [{ price: { _gte: 1000 } }, { price: { _lte: 5000 } }],
    });
  });

  it('parses tags: trimmed, blanks dropped, any of them matching case-insensitively', () => {
    expect(parseTags(' silk, ,party ,, ')).toEqual(['silk', 'party']);
    expect(itemsFilter({ ...NO_FILTERS, tags: ' silk, ,party ' })).toEqual({
      _and: [{ _or: [{ tags: { _icontains: 'silk' } }, { tags: { _icontains: 'party' } }] }],
    });
  });

  it('filters catalog in list, shop contains (all = none), in stock', () => {
    expect(itemsFilter({ ...NO_FILTERS, catalogs: ['Sarees', 'Suits'], shops: ['fabrics'], inStock: true })).toEqual({
      _and: [{ catalog: { _in: ['Sarees', 'Suits'] } }, { shop: { _icontains: 'fabrics' } }, { quantity: { _gt: 0 } }],
    });
    expect(itemsFilter({ ...NO_FILTERS, shops: ['all'] })).toBeNull();
    expect(itemsFilter({ ...NO_FILTERS, shops: ['fabrics', 'jewel'] })).toEqual({
      _and: [{ _or: [{ shop: { _icontains: 'fabrics' } }, { shop: { _icontains: 'jewel' } }] }],
    });
  });

  it('sorts: relevance and newest by -created_on, price ascending and descending; search sends no sort for relevance', () => {
    expect(sortParam('relevance')).toBe('-created_on');
    expect(sortParam('newest first')).toBe('-created_on');
    expect(sortParam('price --low to high')).toBe('price');
    expect(sortParam('price --high to low')).toBe('-price');
    expect(searchSortParam('relevance')).toBeUndefined();
    expect(parseSort('PRICE --HIGH TO LOW')).toBe('price --high to low');
    expect(parseSort('nonsense')).toBe('relevance');
    expect(itemsQuery(NO_FILTERS, undefined)).toEqual({
      fields: 'id,title,catalog,shop,price,market_price,thumbnail_image,quantity',
    });
  });
});
