/**
 * The benchmark catalogue: N products drawn from the seed's vocabulary (catalogs, varieties,
 * colours, tags, bullets, sizes, price ranges), with one seeded generator so every run writes the
 * same rows. Written through the real drizzle tables, so generated columns and indexes that the
 * migrations add are maintained exactly as in production.
 */
import { catalogs, itemImages, items, shops } from '../apps/server/src/db/schema';
import type { Database } from '../apps/server/src/db/client';
import {
  CATALOGS,
  CREATED_WITHIN_DAYS,
  FESTIVE_SALE,
  NEW_FOR_DAYS,
  NEW_TAG,
  retailRupees,
  SHOPS,
  slugify,
  TRENDING_TAG,
  VARIETIES,
  type CatalogDef,
} from '../apps/server/src/seed/catalogue';
import { Random } from '../apps/server/src/seed/random';

type Variety = (typeof VARIETIES)[keyof typeof VARIETIES][number];
type ItemRow = typeof items.$inferInsert;

/** The moment created_on counts back from: fixed, so the data is the same on every run and day. */
export const GENERATED_AT = new Date('2025-06-01T00:00:00Z');
/** A store with 100,000 products has been adding them for a while: created_on spreads over 3 years. */
const HISTORY_DAYS = 3 * 365;
const MINUTE_MS = 60_000;
const MINUTES_PER_DAY = 24 * 60;

/** Rows per INSERT (13 parameters a row: 13,000 parameters, under PostgreSQL's 65,535). */
export const INSERT_BATCH = 1000;

const QUALIFIERS = ['', '', '', '', 'Handcrafted', 'Premium', 'Designer', 'Classic', 'Exclusive', 'Festive Edition'];
const EXTRA_BULLETS = [
  'Ships in 2 working days',
  'Colours may vary slightly from the photographs',
  'Gift wrapping available at checkout',
  'Easy 7-day returns',
  'Packed in a reusable cloth bag',
  'Made by artisans we work with directly',
];

/** A uuid-shaped id from the generator (thumbnail and image ids: the bench stores no files). */
function fakeFileId(random: Random): string {
  const hex = (n: number) =>
    Array.from({ length: n }, () => Math.floor(random.float() * 16).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${'89ab'[random.int(0, 3)]}${hex(3)}-${hex(12)}`;
}

/** Which catalog each product goes to: in the seed's proportions (24:16:12:16:16:12). */
function catalogPicker(random: Random): () => CatalogDef {
  const total = CATALOGS.reduce((sum, c) => sum + c.count, 0);
  return () => {
    let roll = random.float() * total;
    for (const catalog of CATALOGS) {
      roll -= catalog.count;
      if (roll < 0) return catalog;
    }
    return CATALOGS[CATALOGS.length - 1] as CatalogDef;
  };
}

function marketPaise(rupees: number, random: Random): number | null {
  const roll = random.float();
  if (roll < 0.15) return null;
  if (roll < 0.3) return rupees * 100;
  const raw = rupees * random.between(1.15, 1.65);
  const step = raw < 1000 ? 50 : raw < 10000 ? 100 : raw < 50000 ? 500 : 1000;
  return Math.max(rupees + step, Math.ceil(raw / step) * step) * 100;
}

/** Stock: 5% sold out, 10% running low, the rest 10 to 60 (expensive pieces fewer). */
function stock(random: Random, pricePaise: number): number {
  const roll = random.float();
  if (roll < 0.05) return 0;
  if (roll < 0.15) return random.int(1, 9);
  return pricePaise > 2_000_000 ? random.int(10, 25) : random.int(10, 60);
}

/** The first `total` products of the deterministic sequence of `seed` (item rows, ready to insert). */
export function* generateProducts(total: number, seed: number): Generator<ItemRow & { thumbnail_image: string }> {
  const random = new Random(seed);
  const pickCatalog = catalogPicker(random);
  for (let n = 0; n < total; n++) {
    const catalog = pickCatalog();
    const variety = random.pick(VARIETIES[catalog.kind]) as Variety;
    const colour = random.pick(variety.colours);
    const suffix = variety.suffixes ? random.pick(variety.suffixes) : '';
    const qualifier = random.pick(QUALIFIERS);
    const title = [qualifier, colour.name, variety.name, suffix].filter(Boolean).join(' ');

    const rupees = retailRupees(random.between(variety.price[0], variety.price[1]));
    const pricePaise = rupees * 100;

    const tags = new Set<string>(variety.tags);
    if (variety.optionalTags && random.chance(0.8)) tags.add(random.pick(variety.optionalTags));
    if (variety.optionalTags && random.chance(0.2)) tags.add(random.pick(variety.optionalTags));
    if (random.chance(0.01)) tags.add(TRENDING_TAG);
    if (random.chance(0.015)) tags.add(FESTIVE_SALE.tag_name);
    if (random.chance(0.05)) tags.add('gift');

    const craft = random.sample(variety.bullets, random.int(1, Math.min(3, variety.bullets.length)));
    const bullets = [...craft, variety.colourBullet.replace('{colour}', colour.name.toLowerCase()), random.pick(variety.care)];
    if (random.chance(0.35)) bullets.push(random.pick(EXTRA_BULLETS));
    const description = bullets.map((b) => b.charAt(0).toUpperCase() + b.slice(1)).join('>');

    // Newer products are more frequent (a growing store): age skewed towards the recent end.
    const ageMinutes = Math.floor(random.float() ** 1.5 * HISTORY_DAYS * MINUTES_PER_DAY) + 30;
    if (ageMinutes < NEW_FOR_DAYS * MINUTES_PER_DAY) tags.add(NEW_TAG);
    const created = new Date(GENERATED_AT.getTime() - ageMinutes * MINUTE_MS);
    const updated = random.chance(0.3)
      ? new Date(created.getTime() + random.int(0, Math.min(ageMinutes, CREATED_WITHIN_DAYS * MINUTES_PER_DAY)) * MINUTE_MS)
      : created;

    yield {
      title,
      shop: catalog.shop,
      catalog: catalog.title,
      price_paise: pricePaise,
      market_price_paise: marketPaise(rupees, random),
      thumbnail_image: fakeFileId(random),
      quantity: stock(random, pricePaise),
      description,
      size_description: variety.size(random),
      tags: [...tags],
      rating: random.chance(0.6) ? Math.round(random.between(3.2, 5) * 10) / 10 : null,
      created_on: created,
      updated_on: updated,
    };
  }
}

export interface PopulateSummary {
  products: number;
  images: number;
  ms: number;
}

/**
 * Shops, catalogs, `count` products and one image row per product, 1000 rows per INSERT, into a
 * freshly migrated database (the caller runs VACUUM ANALYZE afterwards).
 */
export async function populate(
  db: Database,
  count: number,
  { seed = 20250601, onProgress }: { seed?: number; onProgress?: (done: number) => void } = {},
): Promise<PopulateSummary> {
  const started = performance.now();
  await db.insert(shops).values([...SHOPS]);
  await db.insert(catalogs).values(
    CATALOGS.map((c) => ({
      title: c.title,
      image: `https://images.example.com/catalogs/${slugify(c.title)}.jpg`,
      priority: c.priority,
    })),
  );
  let batch: (ItemRow & { thumbnail_image: string })[] = [];
  let done = 0;
  let images = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch;
    batch = [];
    const inserted = await db.insert(items).values(rows).returning({ id: items.id });
    await db.insert(itemImages).values(
      inserted.map((row, i) => ({
        item_id: row.id,
        directus_files_id: (rows[i] as { thumbnail_image: string }).thumbnail_image,
        title: rows[i]?.title ?? null,
        sort: 1,
      })),
    );
    done += rows.length;
    images += inserted.length;
    onProgress?.(done);
  };
  for (const row of generateProducts(count, seed)) {
    batch.push(row);
    if (batch.length >= INSERT_BATCH) await flush();
  }
  await flush();
  return { products: done, images, ms: Math.round(performance.now() - started) };
}
