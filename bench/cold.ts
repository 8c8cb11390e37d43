/**
 * Cold traffic (issue 13): every request a new address, so no answer cache has seen it — a new price
 * range, a deep page, a rare tag set, a new search. Each scenario is a generator of paths drawn from
 * one seeded stream (the same sequence on every run) out of the catalogue's own vocabulary
 * (apps/server/src/seed/catalogue.ts), and never repeats an address within a run.
 */
import { CATALOGS, TAG_VOCABULARY, VARIETIES } from '../apps/server/src/seed/catalogue';
import { Random } from '../apps/server/src/seed/random';
import { LISTING_FIELDS } from './scenarios';

const ITEMS = '/content/items/items';

type Param = [key: string, value: string | number];

function path(params: Param[]): string {
  return `${ITEMS}?${params.map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`).join('&')}`;
}

/** Paths made on demand; `next()` never returns the same path twice in one generator's life. */
export interface PathSource {
  /** Shown in the report instead of a path count. */
  label: string;
  next(): string;
}

/**
 * Wraps a drawing function of item paths so that an address already sent is drawn again (then made
 * unique by a price bound above every price, which keeps the same rows).
 */
function unique(label: string, draw: () => string): PathSource {
  const seen = new Set<string>();
  let serial = 0;
  return {
    label,
    next() {
      for (let attempt = 0; attempt < 20; attempt++) {
        const candidate = draw();
        if (!seen.has(candidate)) {
          seen.add(candidate);
          return candidate;
        }
      }
      // The vocabulary ran dry for this draw: a bound no price reaches still makes a new address.
      const fallback = `${draw()}&filter[price][_lt]=${10_000_000 + serial++}`;
      seen.add(fallback);
      return fallback;
    },
  };
}

const pick = <T>(random: Random, list: readonly T[]): T => list[random.int(0, list.length - 1)] as T;

/** A price range a shopper might type: whole rupees, min below max, sometimes only one bound. */
function priceBounds(random: Random): Param[] {
  const low = random.int(2, 400) * 50;
  const high = low + random.int(4, 600) * 50;
  const which = random.int(0, 3);
  if (which === 0) return [['filter[price][_gte]', low]];
  if (which === 1) return [['filter[price][_lte]', high]];
  return [
    ['filter[price][_gte]', low],
    ['filter[price][_lte]', high],
  ];
}

/** Offsets as infinite scroll reaches them: mostly the first pages, sometimes deep. */
function offset(random: Random): number {
  return random.chance(0.8) ? random.int(0, 10) * 10 : random.int(0, 50) * 10;
}

const LISTING_SORTS = ['-price', 'price', '-created_on', '-created_on,-updated_on'];

/** Shop (as the storefront filters it), in stock or not, a random price range, sort and page. */
export function coldShopListing(seed = 1301): PathSource {
  const random = new Random(seed);
  return unique('cold: shop + price range', () =>
    path([
      ['fields', LISTING_FIELDS],
      ['filter[shop][_icontains]', pick(random, ['jewel', 'fabrics'])],
      ...(random.chance(0.7) ? ([['filter[quantity][_gt]', 0]] as Param[]) : []),
      ...priceBounds(random),
      ['sort', pick(random, LISTING_SORTS)],
      ['limit', 10],
      ['offset', offset(random)],
    ]),
  );
}

/** One to three catalogs (`_in`), maybe a price range, a random sort and page. */
export function coldCatalogListing(seed = 1302): PathSource {
  const random = new Random(seed);
  const titles = CATALOGS.map((catalog) => catalog.title);
  return unique('cold: catalogs + price range', () => {
    const chosen = [...new Set(Array.from({ length: random.int(1, 3) }, () => pick(random, titles)))];
    return path([
      ['fields', LISTING_FIELDS],
      ['filter[catalog][_in]', chosen.join(',')],
      ...(random.chance(0.5) ? ([['filter[quantity][_gt]', 0]] as Param[]) : []),
      ...(random.chance(0.6) ? priceBounds(random) : []),
      ['sort', pick(random, LISTING_SORTS)],
      ['limit', 10],
      ['offset', offset(random)],
    ]);
  });
}

/** Any-of tags contains (the storefront's tag chips): one to three tags of the vocabulary, in stock. */
export function coldTagListing(seed = 1303): PathSource {
  const random = new Random(seed);
  return unique('cold: tag sets', () => {
    const tags = [...new Set(Array.from({ length: random.int(1, 3) }, () => pick(random, TAG_VOCABULARY)))];
    return path([
      ['fields', LISTING_FIELDS],
      ...tags.map((tag, i): Param => [`filter[_or][${i}][tags][_icontains]`, tag]),
      ['filter[quantity][_gt]', 0],
      ...(random.chance(0.4) ? priceBounds(random) : []),
      ['sort', pick(random, LISTING_SORTS)],
      ['limit', 10],
      ['offset', offset(random)],
    ]);
  });
}

/** The catalogue's words: product names, colours, tags and catalogs, lower case, two letters or more. */
export function catalogueVocabulary(): string[] {
  const words = new Set<string>();
  const add = (text: string) => {
    for (const word of text.toLowerCase().match(/[a-z]+/g) ?? []) if (word.length > 2) words.add(word);
  };
  for (const varieties of Object.values(VARIETIES)) {
    for (const variety of varieties) {
      add(variety.name);
      for (const colour of variety.colours) add(colour.name);
      for (const tag of [...variety.tags, ...(variety.optionalTags ?? [])]) add(tag);
    }
  }
  for (const tag of TAG_VOCABULARY) add(tag);
  for (const catalog of CATALOGS) add(catalog.title);
  return [...words].sort();
}

/** Spellings shoppers type for the store's words (transliteration varies; the catalogue has one). */
const VARIANTS = ['banarsi', 'benarasi', 'jhumki', 'kanjivaram', 'kanchipuram', 'lehnga', 'lahenga', 'chikenkari', 'kundun', 'odhni', 'dupata', 'pattu', 'bangels', 'neckless', 'earing'];

/** One typing slip: a letter dropped, doubled or swapped with the next, or a vowel changed. */
export function misspell(random: Random, word: string): string {
  if (word.length < 5) return word;
  const at = random.int(1, word.length - 2);
  switch (random.int(0, 3)) {
    case 0:
      return word.slice(0, at) + word.slice(at + 1);
    case 1:
      return word.slice(0, at) + word[at] + word.slice(at);
    case 2:
      return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
    default: {
      const vowels = 'aeiou';
      const replaced = word.replace(/[aeiou]/, (vowel) => vowels[(vowels.indexOf(vowel) + 1) % vowels.length] as string);
      return replaced === word ? word.slice(0, -1) : replaced;
    }
  }
}

const SEARCH_SORTS: (string | null)[] = [null, null, '-created_on', 'price'];

function searchSource(label: string, seed: number, text: (random: Random, vocabulary: readonly string[]) => string): PathSource {
  const random = new Random(seed);
  const vocabulary = catalogueVocabulary();
  return unique(label, () => {
    const sort = pick(random, SEARCH_SORTS);
    return path([
      ['search', text(random, vocabulary)],
      ['fields', LISTING_FIELDS],
      ...(random.chance(0.3) ? ([['filter[quantity][_gt]', 0]] as Param[]) : []),
      ...(random.chance(0.3) ? priceBounds(random) : []),
      ...(sort ? ([['sort', sort]] as Param[]) : []),
      ['limit', 10],
      ['offset', random.chance(0.7) ? 0 : random.int(1, 5) * 10],
    ]);
  });
}

/** The words of one product as a shopper would describe it: colour, name and a tag of one variety. */
function productWords(random: Random): string[] {
  const variety = pick(random, Object.values(VARIETIES).flat());
  const text = `${pick(random, variety.colours).name} ${variety.name} ${pick(random, variety.tags)}`;
  return [...new Set(text.toLowerCase().match(/[a-z]+/g) ?? [])].filter((word) => word.length > 2);
}

/** Some of the words of one product, in order: what a shopper who has it in mind types. */
function someWords(random: Random, words: string[]): string[] {
  const count = Math.min(words.length, random.int(1, 2));
  const start = random.int(0, words.length - count);
  return words.slice(start, start + count);
}

/** One or two words of the catalogue's vocabulary as it spells them; now and then a word of any product. */
export function coldSearch(seed = 1304): PathSource {
  return searchSource('cold: search, catalogue words', seed, (random, vocabulary) =>
    random.chance(0.2) ? pick(random, vocabulary) : someWords(random, productWords(random)).join(' '),
  );
}

/** The same, with one word misspelt or spelt another way. */
export function coldMisspeltSearch(seed = 1305): PathSource {
  return searchSource('cold: search, misspelt', seed, (random) => {
    if (random.chance(0.3)) return pick(random, VARIANTS);
    const words = someWords(random, productWords(random));
    const slip = random.int(0, words.length - 1);
    return words.map((word, i) => (i === slip ? misspell(random, word) : word)).join(' ');
  });
}

/** The product page's /api calls (spec 2 §5), by the route's last word. */
export const PRODUCT_API_ROUTES = ['suggested', 'rating', 'reviews'] as const;
export type ProductApiRoute = (typeof PRODUCT_API_ROUTES)[number];

/**
 * The product page's /api reads for a random product each time (those answers are never cached, so
 * repeats are allowed): each of `routes` in turn at random, all three unless told.
 */
export function coldProductApi(products: number, seed = 1306, routes: readonly ProductApiRoute[] = PRODUCT_API_ROUTES): PathSource {
  const random = new Random(seed);
  const next = () => {
    const id = random.int(1, products);
    switch (routes[random.int(0, routes.length - 1)]) {
      case 'suggested':
        return `/api/product/suggested?id=${id}&limit=10&offset=0`;
      case 'rating':
        return `/api/product/rating/${id}`;
      default:
        return `/api/product/reviews/${id}?limit=5&offset=0`;
    }
  };
  return { label: `cold: product page /api reads (${routes.join(', ')})`, next };
}

/**
 * The cold scenarios by the short name the bench tools take in ONLY= (cpu-split, pglite-profile,
 * explain-cold): the listings and searches, and `api`, the product page's /api reads of random products
 * among `products`.
 */
export function coldScenarios(products: number): Record<'shop' | 'catalogs' | 'tags' | 'search' | 'misspelt' | 'api', (seed?: number) => PathSource> {
  return {
    shop: coldShopListing,
    catalogs: coldCatalogListing,
    tags: coldTagListing,
    search: coldSearch,
    misspelt: coldMisspeltSearch,
    api: (seed?: number) => coldProductApi(products, seed),
  };
}
