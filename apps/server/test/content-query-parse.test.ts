import { describe, expect, it } from 'vitest';
import { parseContentQuery } from '../src/content/query-parse';

/** The bracket form of a content read's parameters (query-parse.ts: splitKey), as Directus writes it. */
describe('bracket parameter names', () => {
  it('nest as their brackets say: filters, groups, lists', () => {
    const query = parseContentQuery(
      'filter[_or][0][tags][_icontains]=silk&filter[_or][1][tags][_icontains]=zari&filter[price][_gte]=500&fields[]=id&fields[]=title&sort[0]=-price',
    );
    expect(query.filter).toEqual({
      type: 'and',
      children: [
        {
          type: 'or',
          children: [
            { type: 'condition', field: 'tags', operator: '_icontains', value: 'silk' },
            { type: 'condition', field: 'tags', operator: '_icontains', value: 'zari' },
          ],
        },
        { type: 'condition', field: 'price', operator: '_gte', value: '500' },
      ],
    });
    expect(query.fields).toEqual(['id', 'title']);
    expect(query.sort).toEqual([{ field: 'price', descending: true }]);
  });

  it('a malformed name of a known parameter is a 400 naming it; an unknown one is ignored', () => {
    for (const key of ['filter[price', 'filter[price]x[_eq]', 'filter[pri[ce]][_eq]', 'filter[price]]', 'filter[price][_eq]x']) {
      expect(() => parseContentQuery(`${encodeURIComponent(key)}=1`), key).toThrow(`"${key}" is not a well-formed parameter name`);
    }
    expect(parseContentQuery('cachebuster]x=1&limit=5').limit).toBe(5);
  });
});
