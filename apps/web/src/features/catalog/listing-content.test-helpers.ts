import type { ContentCall } from '../../test/content-stub';

/*
 * A small content service for listing tests: the items collection answered from rows in memory,
 * with the filter operators, sorts, limit/offset and meta=filter_count the listings use, so a
 * test states the products and checks what the shopper sees, not which calls were made.
 */

export interface StubItem {
  id: number;
  title: string;
  catalog: string;
  shop: string;
  price: number;
  market_price: number;
  thumbnail_image: string;
  quantity: number;
  tags: string;
  created_on: string;
}

/** An item; ids also order created_on (a higher id is newer). */
export function stubItem(id: number, overrides: Partial<StubItem> = {}): StubItem {
  return {
    id,
    title: `Item ${id}`,
    catalog: 'Sarees',
    shop: 'fabrics',
    price: 1000 + id,
    market_price: 2000 + id,
    thumbnail_image: `file-${id}`,
    quantity: 5,
    tags: '',
    created_on: new Date(Date.UTC(2026, 0, 1) + id * 60_000).toISOString(),
    ...overrides,
  };
}

type Filter = Record<string, unknown>;

function matches(item: StubItem, filter: Filter): boolean {
  return Object.entries(filter).every(([key, value]) => {
    if (key === '_and') return (value as Filter[]).every((child) => matches(item, child));
    if (key === '_or') return (value as Filter[]).some((child) => matches(item, child));
    const field = item[key as keyof StubItem];
    return Object.entries(value as Record<string, unknown>).every(([operator, operand]) => {
      switch (operator) {
        case '_eq':
          return field === operand;
        case '_in':
          return (operand as unknown[]).includes(field);
        case '_icontains':
          return String(field).toLowerCase().includes(String(operand).toLowerCase());
        case '_gt':
          return Number(field) > Number(operand);
        case '_gte':
          return Number(field) >= Number(operand);
        case '_lte':
          return Number(field) <= Number(operand);
        default:
          throw new Error(`The listing stub does not know ${operator}`);
      }
    });
  });
}

/** A sort key's value: a field, or the computed in_stock (quantity > 0) the content service sorts on. */
function sortValue(item: StubItem, field: string): string | number {
  if (field === 'in_stock') return item.quantity > 0 ? 1 : 0;
  return item[field as keyof StubItem];
}

/** `sort=-in_stock,-created_on`: each key in turn, then the id, as the service's order ends. */
function compare(sort: string) {
  const keys = sort.split(',').map((key) => ({ descending: key.startsWith('-'), field: key.replace(/^-/, '') }));
  return (a: StubItem, b: StubItem) => {
    for (const { field, descending } of keys) {
      const [x, y] = [sortValue(a, field), sortValue(b, field)];
      const order = x < y ? -1 : x > y ? 1 : 0;
      if (order !== 0) return descending ? -order : order;
    }
    return a.id - b.id;
  };
}

/** Answers /content/items/items from `items` and /content/items/catalogs from `catalogs`. */
export function listingService(items: readonly StubItem[], catalogs: readonly string[] = ['Sarees', 'Suits', 'Necklaces']) {
  return (call: ContentCall) => {
    if (call.path === '/content/items/catalogs') return { body: { data: catalogs.map((title) => ({ title })) } };
    if (call.path !== '/content/items/items') return new TypeError(`no stub for ${call.path}`);
    const found = items.filter((item) => (call.filter ? matches(item, call.filter as Filter) : true));
    const sort = call.params.get('sort');
    if (sort) found.sort(compare(sort));
    const offset = Number(call.params.get('offset') ?? 0);
    const limit = Number(call.params.get('limit') ?? 100);
    const body: { data: StubItem[]; meta?: { filter_count: number } } = { data: found.slice(offset, offset + limit) };
    if (call.params.get('meta') === 'filter_count') body.meta = { filter_count: found.length };
    return { body };
  };
}
