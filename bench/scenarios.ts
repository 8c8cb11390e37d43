/**
 * The requests the storefront sends to the content service (spec 2 §7), as lists of distinct paths
 * per scenario: shops, catalogs, tags, price ranges, sorts and offsets vary, so the run measures
 * the queries and not one cached answer.
 */

/** The listing's fields (spec 2 §7, "Item list"). */
export const LISTING_FIELDS = 'id,title,catalog,shop,price,market_price,thumbnail_image,quantity';
const ITEMS = '/content/items/items';

type Param = [key: string, value: string | number];

function path(params: Param[]): string {
  const query = params.map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join('&');
  return `${ITEMS}?${query}`;
}

function page(offset: number): Param[] {
  return [
    ['limit', 10],
    ['offset', offset],
  ];
}

/** Shop filter (contains, case-insensitive), in stock, a price range, sorted by price or newest. */
export function shopListing(): string[] {
  const paths: string[] = [];
  const ranges: [number, number][] = [
    [500, 20000],
    [1000, 5000],
    [200, 3000],
    [5000, 50000],
  ];
  const sorts = ['-price', 'price', '-created_on'];
  const offsets = [0, 10, 20, 50];
  let n = 0;
  for (const shop of ['jewel', 'fabrics']) {
    for (const [min, max] of ranges) {
      for (const sort of sorts) {
        const offset = offsets[n++ % offsets.length] as number;
        paths.push(
          path([
            ['fields', LISTING_FIELDS],
            ['filter[shop][_icontains]', shop],
            ['filter[quantity][_gt]', 0],
            ['filter[price][_gte]', min],
            ['filter[price][_lte]', max],
            ['sort', sort],
            ...page(offset),
          ]),
        );
      }
    }
  }
  return paths;
}

function catalogPaths(lists: string[]): string[] {
  const paths: string[] = [];
  const offsets = [0, 10, 30, 90];
  let n = 0;
  for (const list of lists) {
    for (const sort of ['price', '-price']) {
      for (const inStock of [true, false]) {
        const offset = offsets[n++ % offsets.length] as number;
        paths.push(
          path([
            ['fields', LISTING_FIELDS],
            ['filter[catalog][_in]', list],
            ...(inStock ? ([['filter[quantity][_gt]', 0]] as Param[]) : []),
            ['sort', sort],
            ...page(offset),
          ]),
        );
      }
    }
  }
  return paths;
}

/** Several catalogs (`_in` with two), sorted by price either way, some in stock only, several pages deep. */
export function catalogListing(): string[] {
  return catalogPaths(['Sarees,Lehengas', 'Necklaces,Earrings', 'Earrings,Bracelets', 'Suits,Sarees']);
}

/** One catalog (`_in` with one), the same sorts and pages. */
export function singleCatalogListing(): string[] {
  return catalogPaths(['Sarees', 'Suits', 'Lehengas', 'Necklaces', 'Earrings', 'Bracelets']);
}

/** Any-of tags contains (`_or` of `_icontains`), in stock, newest first (as home and sale pages). */
export function tagListing(): string[] {
  const paths: string[] = [];
  const tagSets = [['silk', 'zari'], ['kundan'], ['bridal', 'wedding'], ['oxidised'], ['trending'], ['festive-sale'], ['pearl', 'temple'], ['cotton']];
  const sorts = ['-created_on', '-created_on,-updated_on', 'price'];
  let n = 0;
  for (const tags of tagSets) {
    for (const offset of [0, 20]) {
      const sort = sorts[n++ % sorts.length] as string;
      paths.push(
        path([
          ['fields', LISTING_FIELDS],
          ...tags.map((tag, i): Param => [`filter[_or][${i}][tags][_icontains]`, tag]),
          ['filter[quantity][_gt]', 0],
          ['sort', sort],
          ...page(offset),
        ]),
      );
    }
  }
  return paths;
}

function searchPaths(terms: string[]): string[] {
  const paths: string[] = [];
  for (const term of terms) {
    paths.push(path([['search', term], ['fields', LISTING_FIELDS], ['limit', 10]]));
    paths.push(path([['search', term], ['fields', LISTING_FIELDS], ['sort', '-created_on'], ['limit', 10]]));
    paths.push(path([['search', term], ['fields', LISTING_FIELDS], ['filter[quantity][_gt]', 0], ['sort', 'price'], ['limit', 10]]));
  }
  return paths;
}

/** Search with words as the catalogue spells them. */
export const SEARCH_TERMS = ['banarasi silk', 'kundan necklace', 'chikankari', 'kanjeevaram', 'bridal lehenga', 'oxidised jhumka', 'organza saree', 'pearl'];
/** Search as shoppers type: misspelt and transliterated differently. */
export const MISSPELT_TERMS = ['banarsi saree', 'jhumki', 'kanjivaram', 'lehnga', 'chikenkari', 'kundun set'];

export function search(): string[] {
  return searchPaths(SEARCH_TERMS);
}

export function misspeltSearch(): string[] {
  return searchPaths(MISSPELT_TERMS);
}

/** The scenario named in the issue, for the EXPLAIN section: the first path of each list. */
export function explainPaths(): { name: string; path: string }[] {
  return [
    { name: 'listing: shop contains jewel, in stock, price 500–20000, sort -price', path: shopListing()[0] as string },
    { name: 'listing: catalog in (Sarees, Lehengas), sort price, offset 0', path: catalogListing()[0] as string },
    { name: 'listing: catalog in (Sarees, Lehengas), sort -price, offset 90', path: catalogListing()[3] as string },
    { name: 'listing: catalog in (Earrings, Bracelets), in stock, sort -price, offset 30', path: catalogListing()[10] as string },
    { name: 'listing: catalog in (Sarees), in stock, sort price', path: singleCatalogListing()[0] as string },
    { name: 'listing: tags contain silk or zari, in stock, sort -created_on', path: tagListing()[0] as string },
    { name: 'listing: tags contain kundan, in stock, sort -created_on, offset 20', path: tagListing()[3] as string },
    { name: 'listing: tags contain cotton, in stock, sort price', path: tagListing()[14] as string },
    { name: "search 'banarasi silk'", path: search()[0] as string },
    { name: "search 'banarasi silk', sort -created_on", path: search()[1] as string },
    { name: "search 'banarasi silk', in stock, sort price", path: search()[2] as string },
    { name: "search 'pearl'", path: search()[21] as string },
    { name: "search 'banarsi saree' (misspelt)", path: misspeltSearch()[0] as string },
    { name: "search 'jhumki'", path: misspeltSearch()[3] as string },
  ];
}

/** Product ids spread over the generated range (ids start at 1 in a fresh bench database). */
function productIds(products: number, count: number): number[] {
  return Array.from({ length: count }, (_, i) => 1 + Math.floor(((i + 0.5) * products) / count));
}

/** The product page's own calls (spec 2 §5): suggestions, rating and reviews of eight products. */
export function productApi(products: number): string[] {
  return productIds(products, 8).flatMap((id) => [
    `/api/product/suggested?id=${id}&limit=10&offset=0`,
    `/api/product/rating/${id}`,
    `/api/product/reviews/${id}?limit=5&offset=0`,
  ]);
}

/** Popular Tags of the search landing page: counts of in-stock items per tag over the whole catalogue. */
export function tagCounts(): string[] {
  return ['/api/product/tags?limit=10&offset=0', '/api/product/tags?limit=10&offset=10'];
}

/** A logged-in shopper's list calls (the cart and wishlist buttons' state), with a bearer token. */
export function shopperLists(): string[] {
  return ['/api/cart/id/list', '/api/wishlist/id/list', '/api/list/cart_wishlist'];
}
