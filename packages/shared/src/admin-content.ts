import { z } from './zod';
import { intIdSchema, MAX_INT_ID, productIdSchema, refuseControlCharacters } from './input';
import { ADMIN_CONTENT_MESSAGES as M, ARCHIVE_CATALOG_TITLE, ADMIN_DEFAULT_PAGE_SIZE, ADMIN_LIMITS, ADMIN_PRODUCT_TYPES, ADMIN_PRODUCTS_MAX_LIMIT, ALL_CATALOGS, ADMIN_SHOP_LIST } from './admin-content-messages';
import { ASSETS_PATH } from './assets';

/**
 * Contracts of the admin console's content calls (spec 3 §3, §5, §7): banners, catalogs, products, and
 * the audit log. The single source of these shapes (docs/decisions/0031): the shared package cannot import
 * the server's tables, so the server's test admin-contracts.test.ts checks every field here against the
 * drizzle table it is stored in (name, nullability), and fails when the two drift apart.
 *
 * Money is rupees with at most two decimals here and integer paise in the database. Dates are ISO 8601.
 * Texts and constants without zod live in admin-content-messages.ts.
 */

// ---------------------------------------------------------------------------------------------
// Field rules shared by the forms and the server (spec 3 §5).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ASSET_PATH = new RegExp(`^${ASSETS_PATH.replace(/\//g, '\\/')}\\/[A-Za-z0-9._-]+$`);

/** An absolute http(s) URL with a host; nothing else (no javascript:, data:, protocol-relative //). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * An image the store can show: an https URL (the page policy shows no plain-http image, decision 0037),
 * one of its own asset paths (/content/assets/{file}), or a file id.
 */
export function isImageRef(value: string): boolean {
  return (isHttpUrl(value) && /^https:/i.test(value)) || ASSET_PATH.test(value) || UUID.test(value);
}

const hasNoNul = (text: string): boolean => !text.includes('\u0000');

/** A required one-line text: trimmed, '{label} is required.' when empty. */
function requiredText(label: string, max: number) {
  const required = `${label} is required.`;
  return refuseControlCharacters(z.string({ error: required }).trim().min(1, { error: required }), label).max(max, {
    error: `${label} must be at most ${max} characters.`,
  });
}

/** A required image field: an https URL or the store's own asset (spec 3 §5 "must be a URL"). */
export function imageRefSchema(label: string) {
  const required = `${label} is required.`;
  return z
    .string({ error: required })
    .trim()
    .min(1, { error: required })
    .max(ADMIN_LIMITS.url, { error: `${label} must be at most ${ADMIN_LIMITS.url} characters.` })
    .refine(isImageRef, { error: `${label} must be an https URL or an uploaded image.` });
}

/** Empty (missing, null or blank) becomes null: the optional fields of the forms. */
const blankToNull = (value: unknown) => (value === undefined || value === null || (typeof value === 'string' && value.trim() === '') ? null : value);

/** An optional link: null when blank, else an http(s) URL (spec 3 §5 "must be a URL when given"). */
export function optionalUrlSchema(label: string) {
  return z.preprocess(
    blankToNull,
    z
      .string({ error: `${label} must be a URL.` })
      .trim()
      .max(ADMIN_LIMITS.url, { error: `${label} must be at most ${ADMIN_LIMITS.url} characters.` })
      .refine(isHttpUrl, { error: `${label} must be an http(s) URL.` })
      .nullable(),
  );
}

/** '{label} is required.' when the field is missing or null, else the rule's own message. */
const requiredOr = (label: string, error: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required.` : error;

/** Rupees with at most two decimals (price step 0.01), as a number or its digits; 0 to the column's limit. */
export function rupeesSchema(label: string) {
  const error = `${label} must be an amount in rupees with at most two decimals.`;
  const amount = z
    .number({ error: requiredOr(label, error) })
    .min(0, { error: `${label} must be 0 or more.` })
    .max(ADMIN_LIMITS.maxRupees, { error: `${label} must be at most ${ADMIN_LIMITS.maxRupees}.` })
    .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, { error });
  return z.preprocess((value) => (typeof value === 'string' && /^\s*\d+(\.\d{1,2})?\s*$/.test(value) ? Number(value) : value), amount);
}

/** A whole number from a number or its digits (forms parse, but a raw client may send "12"). */
function wholeNumberSchema(label: string, min: number, max: number, error: string) {
  const whole = z.number({ error: requiredOr(label, error) }).int({ error }).min(min, { error }).max(max, { error });
  return z.preprocess((value) => (typeof value === 'string' && /^\s*-?\d+\s*$/.test(value) ? Number(value) : value), whole);
}

/** spec 3 §3: isactive is a boolean or 0/1 (Active or Inactive). */
export const isActiveSchema = z
  .union([z.boolean(), z.literal(0), z.literal(1)], { error: 'Status must be Active or Inactive.' })
  .transform((value) => value === true || value === 1);

// ---------------------------------------------------------------------------------------------
// Banners: /api/admin/banner/*

export const bannerIdSchema = intIdSchema('Banner');

/** POST /api/admin/banner/add */
export const bannerAddSchema = z.object({
  title: requiredText('Title', ADMIN_LIMITS.title),
  link: optionalUrlSchema('Link'),
  banner_image: imageRefSchema('Banner image'),
  isactive: isActiveSchema,
});
export type BannerAddInput = z.input<typeof bannerAddSchema>;

/** PATCH /api/admin/banner/update: every field of add plus banner_id (a whole replacement). */
export const bannerUpdateSchema = bannerAddSchema.extend({ banner_id: bannerIdSchema });
export type BannerUpdateInput = z.input<typeof bannerUpdateSchema>;

/** DELETE /api/admin/banner/delete (JSON body) */
export const bannerDeleteSchema = z.object({ banner_id: bannerIdSchema });
/** GET /api/admin/banner/detail?id= */
export const bannerDetailQuerySchema = z.object({ id: bannerIdSchema });

/** A banner as the admin sees it (spec 3 §3), in the list and the detail. */
export const adminBannerSchema = z.object({
  banner_id: z.number().int(),
  title: z.string(),
  banner_image: z.string(),
  /** Read by the storefront (spec 3 §3); the admin form does not edit them, the storefront falls back to banner_image. */
  banner_image_mobile: z.string().nullable(),
  banner_image_laptop: z.string().nullable(),
  link: z.string().nullable(),
  isactive: z.boolean(),
  created_on: z.iso.datetime(),
  updated_on: z.iso.datetime(),
});
export type AdminBanner = z.infer<typeof adminBannerSchema>;
/** GET /api/admin/banner/list: every banner, active or not, newest first. */
export const adminBannerListSchema = z.array(adminBannerSchema);

// ---------------------------------------------------------------------------------------------
// Catalogs: /api/admin/catalog/*

const catalogTitle = (label: string) =>
  requiredText(label, ADMIN_LIMITS.title).refine((title) => title !== ARCHIVE_CATALOG_TITLE, { error: M.reservedCatalogTitle });
const prioritySchema = wholeNumberSchema(
  'Priority',
  ADMIN_LIMITS.minPriority,
  ADMIN_LIMITS.maxPriority,
  `Priority must be a whole number from ${ADMIN_LIMITS.minPriority} to ${ADMIN_LIMITS.maxPriority}.`,
);

/** POST /api/admin/catalog/add */
export const catalogAddSchema = z.object({
  title: catalogTitle('Title'),
  priority: prioritySchema,
  image: imageRefSchema('Image'),
});
export type CatalogAddInput = z.input<typeof catalogAddSchema>;

/** PATCH /api/admin/catalog/update: old_title names the catalog, new_title is its (possibly same) title. */
export const catalogUpdateSchema = z.object({
  old_title: catalogTitle('Old title'),
  new_title: catalogTitle('Title'),
  priority: prioritySchema,
  image: imageRefSchema('Image'),
});
export type CatalogUpdateInput = z.input<typeof catalogUpdateSchema>;

/** DELETE /api/admin/catalog/delete (JSON body) */
export const catalogDeleteSchema = z.object({ title: catalogTitle('Title') });
/** GET /api/admin/catalog/detail?title= */
export const catalogDetailQuerySchema = z.object({ title: catalogTitle('Title') });

/** A catalog as the admin sees it (spec 3 §3 plus ours: how many live products it has). */
export const adminCatalogSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  image: z.string(),
  priority: z.number().int(),
  /** The products in it that are not deleted (archived). */
  product_count: z.number().int(),
  created_on: z.iso.datetime(),
  updated_on: z.iso.datetime(),
});
export type AdminCatalog = z.infer<typeof adminCatalogSchema>;
/** GET /api/admin/catalog/list: by priority (ascending, as the storefront orders them), then title. */
export const adminCatalogListSchema = z.array(adminCatalogSchema);

// ---------------------------------------------------------------------------------------------
// Products: /api/admin/products/{type}, /api/admin/product/*

/** spec 3 §5: an empty or unknown shop is 'Invalid shop details.'; the value is lower-cased. */
export const shopSchema = z
  .string({ error: M.invalidShop })
  .trim()
  .toLowerCase()
  .refine((value) => ADMIN_SHOP_LIST.some((shop) => shop.value === value), { error: M.invalidShop });

/** spec 3 §5: an empty catalog is 'Invalid catalog details.' (the server also refuses one that does not exist). */
export const productCatalogSchema = z
  .string({ error: M.invalidCatalog })
  .trim()
  .min(1, { error: M.invalidCatalog })
  .max(ADMIN_LIMITS.title, { error: M.invalidCatalog })
  .refine((title) => title !== ARCHIVE_CATALOG_TITLE, { error: M.invalidCatalog });

/** The product form's fields (spec 3 §3 and §5), as add sends them. */
export const productFieldsSchema = z.object({
  title: requiredText('Title', ADMIN_LIMITS.title),
  thumbnail_image: imageRefSchema('Thumbnail image'),
  market_price: z.preprocess(blankToNull, rupeesSchema('Market price').nullable()),
  price: rupeesSchema('Price'),
  shop: shopSchema,
  catalog: productCatalogSchema,
  quantity: wholeNumberSchema('Quantity', 0, ADMIN_LIMITS.maxQuantity, `Quantity must be a whole number from 0 to ${ADMIN_LIMITS.maxQuantity}.`),
  /** Bullet points separated by '>' (spec 3 §3); may span lines. */
  description: z
    .string({ error: 'Description is required.' })
    .trim()
    .min(1, { error: 'Description is required.' })
    .max(ADMIN_LIMITS.description, { error: `Description must be at most ${ADMIN_LIMITS.description} characters.` })
    .refine(hasNoNul, { error: 'Description contains a character that cannot be saved.' }),
  size_description: z.preprocess(
    blankToNull,
    z
      .string({ error: 'Size description must be text.' })
      .trim()
      .max(ADMIN_LIMITS.sizeDescription, { error: `Size description must be at most ${ADMIN_LIMITS.sizeDescription} characters.` })
      .refine(hasNoNul, { error: 'Size description contains a character that cannot be saved.' })
      .nullable(),
  ),
});

/** POST /api/admin/product/add */
export const productAddSchema = productFieldsSchema;
export type ProductAddInput = z.input<typeof productAddSchema>;

/** One tag: entered comma separated (spec 3 §5), so it cannot hold a comma. */
const tagSchema = refuseControlCharacters(z.string({ error: 'A tag must be text.' }).trim().min(1, { error: 'A tag must not be empty.' }), 'A tag')
  .max(ADMIN_LIMITS.tag, { error: `A tag must be at most ${ADMIN_LIMITS.tag} characters.` })
  .refine((tag) => !tag.includes(','), { error: 'A tag must not contain a comma.' });

/** spec 3 §3: on update a tag is the pair [product id, tag] … */
export const productTagPairSchema = z.tuple([productIdSchema, tagSchema], { error: 'A tag must be a pair [product id, tag].' });
/** … and an image the triple [product id, url, title] (title may be empty). */
export const productImageTripleSchema = z.tuple(
  [
    productIdSchema,
    imageRefSchema('Image URL'),
    z.preprocess(
      blankToNull,
      refuseControlCharacters(z.string({ error: 'An image title must be text.' }).trim(), 'An image title')
        .max(ADMIN_LIMITS.imageTitle, { error: `An image title must be at most ${ADMIN_LIMITS.imageTitle} characters.` })
        .nullable(),
    ),
  ],
  { error: 'An image must be a triple [product id, url, title].' },
);

/**
 * PATCH /api/admin/product/update: id, every product field (a whole replacement), and the product's tags
 * and images. Given lists replace the product's own (an empty list clears them); an omitted list leaves
 * them as they are. Each pair or triple must name this product (else 400).
 */
export const productUpdateSchema = productFieldsSchema.extend({
  id: productIdSchema,
  tags: z.array(productTagPairSchema, { error: 'Tags must be a list of [product id, tag] pairs.' })
    .max(ADMIN_LIMITS.tags, { error: `A product can have at most ${ADMIN_LIMITS.tags} tags.` })
    .optional(),
  images: z.array(productImageTripleSchema, { error: 'Images must be a list of [product id, url, title] triples.' })
    .max(ADMIN_LIMITS.images, { error: `A product can have at most ${ADMIN_LIMITS.images} images.` })
    .optional(),
});
export type ProductUpdateInput = z.input<typeof productUpdateSchema>;

/** DELETE /api/admin/product/delete (JSON body): archives the product (docs/decisions/0031). */
export const productDeleteSchema = z.object({ id: productIdSchema });
/** GET /api/admin/product/detail?id= */
export const productDetailQuerySchema = z.object({ id: productIdSchema });

/** GET /api/admin/products/{type}: type all | fabrics | jewel. */
export const productListParamsSchema = z.object({
  type: z.enum(ADMIN_PRODUCT_TYPES, { error: `type must be one of ${ADMIN_PRODUCT_TYPES.join(', ')}.` }).default('all'),
});

/**
 * ?catalog (default all) &limit (default 10; Load more asks for every row loaded so far) &offset (default 0)
 * &archived (ours: true lists only deleted products, default false lists only live ones).
 */
export const productListQuerySchema = z.object({
  catalog: z.string({ error: 'catalog must be text.' }).trim().min(1).max(ADMIN_LIMITS.title, { error: 'catalog is too long.' }).default(ALL_CATALOGS),
  limit: wholeNumberSchema('limit', 1, ADMIN_PRODUCTS_MAX_LIMIT, `limit must be a whole number from 1 to ${ADMIN_PRODUCTS_MAX_LIMIT}.`).default(ADMIN_DEFAULT_PAGE_SIZE),
  offset: wholeNumberSchema('offset', 0, 1_000_000, 'offset must be a whole number from 0 to 1000000.').default(0),
  archived: z.enum(['true', 'false'], { error: 'archived must be true or false.' }).default('false').transform((v) => v === 'true'),
});
export type ProductListQuery = z.input<typeof productListQuerySchema>;

/** A product row of the admin list (spec 3 §3). */
export const adminProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  thumbnail_image: z.string(),
  shop: z.string(),
  catalog: z.string(),
  market_price: z.number().nullable(),
  price: z.number(),
  quantity: z.number().int(),
  /** When staff deleted it (it left the storefront then); null while it is live. */
  archived_at: z.iso.datetime().nullable(),
  created_on: z.iso.datetime(),
  updated_on: z.iso.datetime(),
});
export type AdminProduct = z.infer<typeof adminProductSchema>;
export const adminProductListSchema = z.array(adminProductSchema);

/**
 * GET /api/admin/product/detail answers "one row per tag or image" (spec 3 §3): every row repeats the
 * product's fields, then either a tag (tag_id, tag_title; image fields null) or an image (image_id,
 * image_url, image_title; tag fields null). Tag rows come first in the product's tag order, then image
 * rows in their order. A product with neither has one row whose tag and image fields are all null.
 * tag_id is the tag's position (1-based) in the product's tags, which are stored as a list.
 */
export const adminProductDetailRowSchema = adminProductSchema.extend({
  description: z.string(),
  size_description: z.string().nullable(),
  rating: z.number().nullable(),
  tag_id: z.number().int().nullable(),
  tag_title: z.string().nullable(),
  image_id: z.number().int().nullable(),
  image_url: z.string().nullable(),
  image_title: z.string().nullable(),
});
export type AdminProductDetailRow = z.infer<typeof adminProductDetailRowSchema>;
export const adminProductDetailSchema = z.array(adminProductDetailRowSchema).min(1);

// ---------------------------------------------------------------------------------------------
// The audit log: GET /api/admin/audit?limit=&offset=

export const auditListQuerySchema = z.object({
  limit: wholeNumberSchema('limit', 1, 100, 'limit must be a whole number from 1 to 100.').default(ADMIN_DEFAULT_PAGE_SIZE),
  offset: wholeNumberSchema('offset', 0, MAX_INT_ID, 'offset must be a whole number of 0 or more.').default(0),
});

/** One admin write, newest first: who (id and email, null once the account is gone), what, when, before and after. */
export const auditEntrySchema = z.object({
  id: z.number().int(),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  created_at: z.iso.datetime(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditListSchema = z.array(auditEntrySchema);
