import { getTableColumns } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import {
  adminBannerSchema,
  adminCatalogSchema,
  adminProductDetailRowSchema,
  bannerAddSchema,
  catalogAddSchema,
  productAddSchema,
} from '@ssd/shared/admin-content';
import type { z } from '@ssd/shared/zod';
import { banners, catalogs, items } from '../src/db/schema';

/**
 * The admin contracts (packages/shared/src/admin-content.ts) are the one written source of the admin
 * shapes; this checks them against the tables they are stored in (docs/decisions/0031), so a column
 * renamed, added as required, or made nullable fails here rather than at run time.
 */

/** API field → column, where the API names it differently (money: rupees in the API, paise in the table). */
const RENAMED: Record<string, string> = { price: 'price_paise', market_price: 'market_price_paise' };

function columnsOf(table: PgTable) {
  return getTableColumns(table) as Record<string, { notNull: boolean; hasDefault: boolean; dataType: string }>;
}

function accepts(schema: z.ZodType, value: unknown): boolean {
  return schema.safeParse(value).success;
}

/** Every field of a response shape that is a column has the column's nullability. */
function expectMatchesTable(shape: z.ZodObject, table: PgTable, notColumns: string[]) {
  const columns = columnsOf(table);
  for (const [field, schema] of Object.entries(shape.shape)) {
    if (notColumns.includes(field)) continue;
    const column = columns[RENAMED[field] ?? field];
    expect(column, `${field} is a column`).toBeDefined();
    expect(accepts(schema as z.ZodType, null), `${field} nullable like its column`).toBe(!column!.notNull);
  }
}

/** A form's fields are columns, and every column a row cannot do without (not null, no default) is asked for. */
function expectFormCoversTable(form: z.ZodObject, table: PgTable, generated: string[]) {
  const columns = columnsOf(table);
  for (const field of Object.keys(form.shape)) expect(columns[RENAMED[field] ?? field], `${field} is a column`).toBeDefined();
  const apiName = Object.fromEntries(Object.entries(RENAMED).map(([api, column]) => [column, api]));
  for (const [name, column] of Object.entries(columns)) {
    if (!column.notNull || column.hasDefault || generated.includes(name)) continue;
    expect(Object.keys(form.shape), `the form asks for ${name}`).toContain(apiName[name] ?? name);
  }
}

describe('admin contracts against the tables', () => {
  it('banners', () => {
    expectMatchesTable(adminBannerSchema, banners, []);
    expectFormCoversTable(bannerAddSchema, banners, []);
  });

  it('catalogs', () => {
    expectMatchesTable(adminCatalogSchema, catalogs, ['product_count']);
    expectFormCoversTable(catalogAddSchema, catalogs, []);
  });

  it('products', () => {
    expectMatchesTable(adminProductDetailRowSchema, items, ['tag_id', 'tag_title', 'image_id', 'image_url', 'image_title']);
    expectFormCoversTable(productAddSchema, items, ['search_vector']);
  });
});
