import { eq, isNull, ne, sql, type SQL } from 'drizzle-orm';
import { ARCHIVE_CATALOG_TITLE } from '@ssd/shared/admin-content-messages';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { banners, catalogs, itemImages, items, shops } from '../db/schema';

/**
 * The allow-lists of the public content service: which collections exist, which of their fields
 * the public may read, filter and sort on, and how each maps to SQL. Nothing outside these lists is
 * ever named in a query; every SQL identifier comes from here.
 */

/**
 * How a field is stored and shown:
 * - integer: int column, shown as is;
 * - money: integer paise column, shown in rupees (12499.5); filters convert rupees to paise;
 * - decimal: numeric column shown as a number (rating);
 * - text: text column;
 * - timestamp: timestamptz column, shown as ISO 8601;
 * - tags: text[] column, shown as an array of strings.
 */
export type ScalarKind = 'integer' | 'money' | 'decimal' | 'text' | 'timestamp' | 'tags';

export interface ScalarField {
  kind: ScalarKind;
  column: PgColumn;
}

/** A one-to-many relation (Directus "o2m"), e.g. an item's images from item_images. */
export interface RelationField {
  kind: 'o2m';
  table: PgTable;
  /** The column of the related table that points at the parent's primary key. */
  foreignKey: PgColumn;
  /** Field name of the related row's primary key (what `fields=images` lists). */
  primaryKey: string;
  /** Public fields of the related rows. */
  fields: Record<string, ScalarField>;
  /** Order of related rows inside one parent. */
  order: PgColumn[];
}

export type FieldDef = ScalarField | RelationField;

export interface CollectionDef {
  name: string;
  table: PgTable;
  primaryKey: string;
  /** Public fields in the order responses list them. */
  fields: Record<string, FieldDef>;
  /** The rows the public may see at all (e.g. active banners); absent: every row. */
  visible?: SQL;
  /** Fields `search` looks in (text or tags), for collections searched by "contains". */
  searchFields: string[];
  /** Ranked full-text search instead of "contains" (search.ts): the document and the newest-first column (relevance candidates, ties). */
  fullText?: { document: PgColumn; newest: PgColumn };
  /** Keys `sort` accepts that are computed, not stored: sortable only, never read or filtered. */
  sortKeys?: Record<string, SQL>;
}

export function isRelation(field: FieldDef): field is RelationField {
  return field.kind === 'o2m';
}

const itemsCollection: CollectionDef = {
  name: 'items',
  table: items,
  primaryKey: 'id',
  fields: {
    id: { kind: 'integer', column: items.id },
    title: { kind: 'text', column: items.title },
    shop: { kind: 'text', column: items.shop },
    catalog: { kind: 'text', column: items.catalog },
    price: { kind: 'money', column: items.price_paise },
    market_price: { kind: 'money', column: items.market_price_paise },
    thumbnail_image: { kind: 'text', column: items.thumbnail_image },
    quantity: { kind: 'integer', column: items.quantity },
    tags: { kind: 'tags', column: items.tags },
    description: { kind: 'text', column: items.description },
    size_description: { kind: 'text', column: items.size_description },
    images: {
      kind: 'o2m',
      table: itemImages,
      foreignKey: itemImages.item_id,
      primaryKey: 'id',
      fields: {
        id: { kind: 'integer', column: itemImages.id },
        directus_files_id: { kind: 'text', column: itemImages.directus_files_id },
      },
      order: [itemImages.sort, itemImages.id],
    },
    rating: { kind: 'decimal', column: items.rating },
    created_on: { kind: 'timestamp', column: items.created_on },
    updated_on: { kind: 'timestamp', column: items.updated_on },
  },
  // Spec 2 §7: "text search across title, tags, description, size_description, shop and catalog".
  // items.search_vector holds exactly these fields, weighted (migration 0002).
  searchFields: ['title', 'tags', 'description', 'size_description', 'shop', 'catalog'],
  // Products staff deleted are archived (docs/decisions/0031): gone from every public read at once.
  visible: isNull(items.archived_at),
  fullText: { document: items.search_vector, newest: items.created_on },
  // In-stock first in one read (`sort=-in_stock,-created_on`, docs/decisions/0044); spec 2 §5: a
  // quantity of 0 or less is out of stock. Indexed with created_on (migration 0022).
  sortKeys: { in_stock: sql`(${items.quantity} > 0)` },
};

const catalogsCollection: CollectionDef = {
  name: 'catalogs',
  table: catalogs,
  primaryKey: 'id',
  fields: {
    id: { kind: 'integer', column: catalogs.id },
    title: { kind: 'text', column: catalogs.title },
    image: { kind: 'text', column: catalogs.image },
    priority: { kind: 'integer', column: catalogs.priority },
  },
  searchFields: ['title'],
  // The hidden catalog of deleted catalogs' archived products (docs/decisions/0031) is no one's to see.
  visible: ne(catalogs.title, ARCHIVE_CATALOG_TITLE),
};

const bannersCollection: CollectionDef = {
  name: 'banners',
  table: banners,
  primaryKey: 'banner_id',
  fields: {
    banner_id: { kind: 'integer', column: banners.banner_id },
    title: { kind: 'text', column: banners.title },
    banner_image: { kind: 'text', column: banners.banner_image },
    banner_image_mobile: { kind: 'text', column: banners.banner_image_mobile },
    banner_image_laptop: { kind: 'text', column: banners.banner_image_laptop },
    link: { kind: 'text', column: banners.link },
  },
  // Inactive banners do not exist for the public; `isactive` itself is not a public field.
  visible: eq(banners.isactive, true),
  searchFields: ['title'],
};

const shopsCollection: CollectionDef = {
  name: 'shops',
  table: shops,
  primaryKey: 'value',
  fields: {
    value: { kind: 'text', column: shops.value },
    title: { kind: 'text', column: shops.title },
  },
  searchFields: ['value', 'title'],
};

const COLLECTIONS = new Map<string, CollectionDef>(
  [itemsCollection, catalogsCollection, bannersCollection, shopsCollection].map((c) => [c.name, c]),
);

/** The public collection of that exact name, or null for anything else (users, orders, files...). */
export function publicCollection(name: string): CollectionDef | null {
  return COLLECTIONS.get(name) ?? null;
}

/** The computed sort key of that name, or null. */
export function sortKey(collection: CollectionDef, name: string): SQL | null {
  return collection.sortKeys && Object.hasOwn(collection.sortKeys, name) ? (collection.sortKeys[name] ?? null) : null;
}

/** The public field of that name, or null (a private column, a typo, an inherited property...). */
export function publicField(fields: Record<string, FieldDef>, name: string): FieldDef | null {
  return Object.hasOwn(fields, name) ? (fields[name] ?? null) : null;
}

/** A stored value as the API shows it. */
export function toPublicValue(kind: ScalarKind, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  switch (kind) {
    case 'money':
      return Number(value) / 100;
    case 'decimal':
      return Number(value);
    case 'timestamp':
      return value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString();
    default:
      return value;
  }
}
