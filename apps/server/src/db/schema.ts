import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from '@ssd/shared/status';
import { SUPPORT_ISSUE_TYPES, SUPPORT_STATUSES } from '@ssd/shared/support';
import { REFUND_STATUSES } from '@ssd/shared/admin-ops';

/** Raw bytes (asset files). Drizzle has no bytea column; node-postgres and PGlite both hand back a Buffer/Uint8Array. */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
});

/** PostgreSQL's tsvector (full-text search document); only ever written by the database itself. */
const tsvector = customType<{ data: string }>({
  dataType: () => 'tsvector',
});

const timestamps = {
  created_on: timestamp('created_on', { withTimezone: true }).notNull().defaultNow(),
  updated_on: timestamp('updated_on', { withTimezone: true }).notNull().defaultNow(),
};

export const USER_ROLES = ['user', 'ssd_admin'] as const;
export type UserRole = (typeof USER_ROLES)[number];
export const AUTH_PROVIDERS = ['local', 'google'] as const;
export type AuthProvider = (typeof AUTH_PROVIDERS)[number];

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    /** Trimmed and lower-cased before it is stored. */
    email: text('email').notNull(),
    /** argon2id; null for accounts that only sign in through Google. */
    password_hash: text('password_hash'),
    role: text('role', { enum: USER_ROLES }).notNull().default('user'),
    auth_provider: text('auth_provider', { enum: AUTH_PROVIDERS }).notNull().default('local'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    check('users_role_check', sql`${t.role} in ('user', 'ssd_admin')`),
    check('users_auth_provider_check', sql`${t.auth_provider} in ('local', 'google')`),
  ],
);

/** Uploaded or generated images, served by the content service at /content/assets/{id}. */
export const files = pgTable('files', {
  id: uuid('id').primaryKey().defaultRandom(),
  filename_download: text('filename_download').notNull(),
  title: text('title'),
  type: text('type').notNull(),
  filesize: integer('filesize').notNull(),
  width: integer('width'),
  height: integer('height'),
  data: bytea('data').notNull(),
  uploaded_on: timestamp('uploaded_on', { withTimezone: true }).notNull().defaultNow(),
});

/** The two shops, Fabrics (fabrics) and Jewel (jewel). */
export const shops = pgTable('shops', {
  value: text('value').primaryKey(),
  title: text('title').notNull(),
});

/** Catalogs (categories). Items point at a catalog by title; renaming a catalog carries its items along. */
export const catalogs = pgTable(
  'catalogs',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull().unique('catalogs_title_key'),
    /** A file id or an absolute URL (see assetUrl in @ssd/shared/assets). */
    image: text('image').notNull(),
    priority: integer('priority').notNull().default(0),
    /** The HSN code printed on GST invoices for this catalog's products (configuration, like the GST table). */
    hsn_code: text('hsn_code'),
    ...timestamps,
  },
);

/**
 * The columns a listing index carries after its sort keys (decisions/0084): the stock and the archive
 * mark a storefront listing filters on, the key, and for newest-first indexes the second key of the
 * storefront's "newest" order (`-created_on,-updated_on`). Key columns, not INCLUDE (which drizzle's
 * index builder cannot write): after the sort keys they change no order an index is read in.
 */
type ListedColumns = { quantity: AnyPgColumn; archived_at: AnyPgColumn; id: AnyPgColumn; updated_on: AnyPgColumn };
const priceCarried = (t: ListedColumns) => [t.quantity, t.archived_at, t.id] as const;
const newestCarried = (t: ListedColumns) => [t.updated_on, ...priceCarried(t)] as const;

export const items = pgTable(
  'items',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    shop: text('shop')
      .notNull()
      .references(() => shops.value, { onUpdate: 'cascade' }),
    catalog: text('catalog')
      .notNull()
      .references(() => catalogs.title, { onUpdate: 'cascade' }),
    /** Money in integer paise; the API shows rupees. */
    price_paise: integer('price_paise').notNull(),
    market_price_paise: integer('market_price_paise'),
    thumbnail_image: text('thumbnail_image').notNull(),
    /** What can still be sold (DESIGN.md: available; held and sold units live elsewhere). */
    quantity: integer('quantity').notNull().default(0),
    /** Bullet points separated by '>' (spec 3 §3), or a paragraph. */
    description: text('description').notNull().default(''),
    size_description: text('size_description'),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Average of the item's reviews to one decimal, null while it has none. Kept by the database
     * (trigger item_reviews_rating, migration 0004) whenever a review is written, changed or removed.
     */
    rating: numeric('rating', { precision: 2, scale: 1, mode: 'number' }),
    /**
     * Set when staff delete the product (the admin console): it leaves the storefront at once, while past
     * orders, reservations, reviews and ratings keep pointing at a real row.
     */
    archived_at: timestamp('archived_at', { withTimezone: true }),
    ...timestamps,
    /**
     * The weighted full-text document (title A, tags B, catalog and shop C, description and size D,
     * 'simple' configuration), computed by PostgreSQL from the row (ssd_item_search_vector, migration
     * 0002). Never selected by the API; search.ts matches and ranks on it.
     */
    search_vector: tsvector('search_vector').generatedAlwaysAs(
      sql`ssd_item_search_vector(title, tags, catalog, shop, description, size_description)`,
    ),
  },
  (t) => [
    check('items_quantity_check', sql`${t.quantity} >= 0`),
    check('items_price_check', sql`${t.price_paise} >= 0`),
    // Listings (spec 2 §7): filtered by catalog or shop, sorted by price or newest; also the
    // suggestions (same catalog, then same shop, newest first). Every newest-first index of a shop or
    // catalog ends with the price (decisions/0068): a price range is tested on the index entry, so a
    // walk the planner misjudged skips entries instead of fetching rows, and the planner needs no
    // costly statistics of (catalog, price) to judge it. After their sort keys the listing indexes carry
    // what a listing's filter and order read (decisions/0084): the rows a page skips (its offset) and a
    // branch's keys are then read from the index alone, never from the table.
    index('items_shop_created_price_idx').on(t.shop, t.created_on, t.price_paise, ...newestCarried(t)),
    index('items_shop_price_idx').on(t.shop, t.price_paise, ...priceCarried(t)),
    index('items_catalog_created_price_idx').on(t.catalog, t.created_on, t.price_paise, ...newestCarried(t)),
    // A catalog's price range read for a newest-first page (decisions/0103) sorts what it reads by date: the
    // index carries the dates too, so that read is as cheap to the planner as walking the date index.
    index('items_catalog_price_idx').on(t.catalog, t.price_paise, ...priceCarried(t), t.created_on, t.updated_on),
    index('items_price_idx').on(t.price_paise, ...priceCarried(t)),
    index('items_created_idx').on(t.created_on, ...newestCarried(t)),
    index('items_tags_idx').using('gin', t.tags),
    // Search: the full-text document, and trigrams of the title for the typo fallback.
    index('items_search_idx').using('gin', t.search_vector),
    index('items_title_trgm_idx').using('gin', sql`${t.title} gin_trgm_ops`),
    // In-stock first (content sort key in_stock = quantity > 0, then newest): listings walk these in order.
    index('items_in_stock_created_idx').on(sql`(${t.quantity} > 0)`, t.created_on, ...newestCarried(t)),
    index('items_catalog_in_stock_created_price_idx').on(t.catalog, sql`(${t.quantity} > 0)`, t.created_on, t.price_paise, ...newestCarried(t)),
    index('items_shop_in_stock_created_price_idx').on(t.shop, sql`(${t.quantity} > 0)`, t.created_on, t.price_paise, ...newestCarried(t)),
  ],
);

/**
 * Spelling variants of the trade that search treats as one word (content/synonyms.ts): each row puts
 * a word in the group named by `group_key` (the group's first word). A word is in at most one group.
 * Seeded by migration 0022; staff extend it through /api/admin/search/synonyms.
 */
export const searchSynonyms = pgTable(
  'search_synonyms',
  {
    word: text('word').primaryKey(),
    group_key: text('group_key').notNull(),
  },
  (t) => [index('search_synonyms_group_idx').on(t.group_key)],
);

/**
 * One row per (tag, item): the item's price, creation time, visibility and stock beside each of its
 * tags, so a listing filtered by tags and sorted by price or newest reads each tag's items in order from
 * its own index range (content/tag-branches.ts) instead of walking the whole price or date index. Kept by
 * the database (trigger items_tags_mirror, migrations 0023, 0028 and 0030) whenever an item is inserted or
 * its tags, price, creation time, last edit, archiving, or stock reaching or leaving zero change; removed
 * with the item.
 */
export const itemTags = pgTable(
  'item_tags',
  {
    tag: text('tag').notNull(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    price_paise: integer('price_paise').notNull(),
    created_on: timestamp('created_on', { withTimezone: true }).notNull(),
    /** The item is not archived, and has stock: a shopper's tag listing is filtered on item_tags alone (migration 0028). */
    visible: boolean('visible').notNull(),
    in_stock: boolean('in_stock').notNull(),
    /** The item's last edit: the second key of the storefront's "newest" order (migration 0030). */
    updated_on: timestamp('updated_on', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.tag, t.item_id] }),
    index('item_tags_item_idx').on(t.item_id),
    // Visibility and stock as last keys: a tag's in-stock items in price order are read from the index alone.
    index('item_tags_price_idx').on(t.tag, t.price_paise, t.item_id, t.visible, t.in_stock),
    // The price as a later key: a tag's newest items within a price range are read from the index alone,
    // in the storefront's "newest" order too (created_on, then updated_on: decisions/0085).
    index('item_tags_created_price_idx').on(t.tag, t.created_on, t.updated_on, t.item_id, t.price_paise, t.visible, t.in_stock),
  ],
);

/**
 * Every tag any item has ever had (a superset of the tags items have now: the trigger of item_tags adds
 * and never removes). Tag listings pick the tags a "contains" filter means from it (content/read.ts).
 */
export const tagVocabulary = pgTable('tag_vocabulary', {
  tag: text('tag').primaryKey(),
});

/**
 * One narrow row per item for search (content/search-table.ts): the item's words (its search_vector
 * without positions or weights, which matching does not need), price, creation time, and whether it is
 * visible and in stock. A search's first matches in the read's order are found here, through its own
 * GIN index or by walking its price or date index, without reading the wide items rows. Kept by the
 * database (trigger items_search_mirror, migration 0024) when an item is inserted, when its words,
 * price, creation time or archiving change, or when its stock reaches or leaves zero; removed with the item.
 */
export const itemSearch = pgTable(
  'item_search',
  {
    item_id: integer('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    created_on: timestamp('created_on', { withTimezone: true }).notNull(),
    price_paise: integer('price_paise').notNull(),
    visible: boolean('visible').notNull(),
    in_stock: boolean('in_stock').notNull(),
    search_vector: tsvector('search_vector').notNull(),
  },
  (t) => [
    index('item_search_vector_idx').using('gin', t.search_vector),
    index('item_search_created_idx').on(t.created_on, t.item_id),
    index('item_search_price_idx').on(t.price_paise, t.item_id),
  ],
);

/**
 * One row per (word, item): each word of an item's search_vector with the columns of item_search a
 * search's filter reads (creation time, price, visible, in stock), so a search reads its newest or
 * cheapest matches from its words' own index ranges (content/search-table.ts: postings) instead of every
 * match through the GIN index. Kept by the database (trigger item_search_terms, migration 0027) from
 * item_search: rewritten for the item when any of those change, removed with it. No key: only that
 * trigger writes it.
 */
export const itemTerms = pgTable(
  'item_terms',
  {
    term: text('term').notNull(),
    item_id: integer('item_id').notNull(),
    created_on: timestamp('created_on', { withTimezone: true }).notNull(),
    price_paise: integer('price_paise').notNull(),
    visible: boolean('visible').notNull(),
    in_stock: boolean('in_stock').notNull(),
  },
  (t) => [
    // Every column a search's filter reads in both indexes, so a word's postings are walked and filtered
    // from the index alone; the price after the date, as on the newest-first listing indexes (decisions/0068).
    index('item_terms_created_idx').on(t.term, t.created_on, t.item_id, t.price_paise, t.visible, t.in_stock),
    index('item_terms_price_idx').on(t.term, t.price_paise, t.item_id, t.visible, t.in_stock),
  ],
);

/** Every word any item has had (item_terms' trigger adds and never removes): a prefix's words are picked from it. */
export const termVocabulary = pgTable('term_vocabulary', {
  term: text('term').primaryKey(),
});

export const itemImages = pgTable(
  'item_images',
  {
    id: serial('id').primaryKey(),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** A file id or an absolute URL, as Directus' junction field of the same name. */
    directus_files_id: text('directus_files_id').notNull(),
    title: text('title'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('item_images_item_idx').on(t.item_id, t.sort)],
);

export const banners = pgTable('banners', {
  banner_id: serial('banner_id').primaryKey(),
  title: text('title').notNull(),
  banner_image: text('banner_image').notNull(),
  banner_image_mobile: text('banner_image_mobile'),
  banner_image_laptop: text('banner_image_laptop'),
  link: text('link'),
  isactive: boolean('isactive').notNull().default(true),
  ...timestamps,
});

export const sales = pgTable(
  'sales',
  {
    sale_id: serial('sale_id').primaryKey(),
    sale_name: text('sale_name').notNull(),
    /** Items carrying this tag are on the sale. */
    tag_name: text('tag_name').notNull(),
    banner_image: text('banner_image'),
    banner_image_mobile: text('banner_image_mobile'),
    banner_image_laptop: text('banner_image_laptop'),
    active_from: timestamp('active_from', { withTimezone: true }).notNull().defaultNow(),
    active_till: timestamp('active_till', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('sales_active_idx').on(t.active_till)],
);

// ---------------------------------------------------------------------------------------------
// Accounts: one-time codes, sessions and refresh tokens, failed sign-ins (issue "Accounts and sign-in").

export const OTP_PURPOSES = ['signup', 'reset'] as const;
export type OtpPurposeName = (typeof OTP_PURPOSES)[number];

/**
 * One-time codes sent by mail. Only a keyed hash of the code is kept. A row is live while it is
 * neither voided (a newer code, a failed send) nor verified, not expired and under the attempt limit;
 * a verified row is consumed once by the step it unlocks (registration or password reset).
 */
export const otpCodes = pgTable(
  'otp_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: OTP_PURPOSES }).notNull(),
    code_hash: text('code_hash').notNull(),
    /** The client address that asked for it, for the per-address resend limit. */
    client_ip: text('client_ip').notNull(),
    attempts: integer('attempts').notNull().default(0),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    verified_at: timestamp('verified_at', { withTimezone: true }),
    consumed_at: timestamp('consumed_at', { withTimezone: true }),
    voided_at: timestamp('voided_at', { withTimezone: true }),
  },
  (t) => [
    check('otp_codes_purpose_check', sql`${t.purpose} in ('signup', 'reset')`),
    index('otp_codes_email_idx').on(t.email, t.created_at),
    index('otp_codes_ip_idx').on(t.client_ip, t.created_at),
  ],
);

/** A signed-in session: one login, one family of refresh tokens. The access token names it (claim `sid`). */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Absolute end of the session (30 days after login); rotation does not extend it. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    revoked_at: timestamp('revoked_at', { withTimezone: true }),
    /** logout, password_reset, password_change, refresh_reuse */
    revoked_reason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id)],
);

/** Opaque refresh tokens, stored as sha256; each is used once (rotation), a reuse revokes its session. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    session_id: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    used_at: timestamp('used_at', { withTimezone: true }),
    /** The token whose rotation issued this one (null: the login's first); a retried rotation replaces it (sessions.ts). */
    parent_id: uuid('parent_id'),
  },
  (t) => [uniqueIndex('refresh_tokens_hash_key').on(t.token_hash), index('refresh_tokens_session_idx').on(t.session_id)],
);

/** Failed sign-ins, by email (known or not) and client address, for the login throttle shared by every process. */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    client_ip: text('client_ip').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('login_failures_email_idx').on(t.email, t.created_at), index('login_failures_ip_idx').on(t.client_ip, t.created_at)],
);

/** A shopper's cart: product ids and quantities (routes come with the storefront issue). */
export const cartItems = pgTable(
  'cart_items',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(1),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.item_id] }), check('cart_items_quantity_check', sql`${t.quantity} > 0`)],
);

/** A shopper's wishlist: product ids. */
export const wishlistItems = pgTable(
  'wishlist_items',
  {
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.user_id, t.item_id] })],
);

/**
 * Shoppers' reviews of products (rating 1 to 5, optional text): one per shopper and product, which a
 * later review from any order of theirs replaces (docs/decisions/0025). order_id is the order it was
 * last written from; seeded reviews have none.
 */
export const itemReviews = pgTable(
  'item_reviews',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item_id: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    order_id: text('order_id'),
    rating: smallint('rating').notNull(),
    review: text('review'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('item_reviews_rating_check', sql`${t.rating} between 1 and 5`),
    index('item_reviews_item_created_idx').on(t.item_id, t.created_at.desc().nullsFirst(), t.id.desc().nullsFirst()),
    uniqueIndex('item_reviews_user_item_key').on(t.user_id, t.item_id),
  ],
);

/**
 * How many in-stock items carry each tag (Popular Tags, GET /api/product/tags), kept by a row trigger
 * on items (migration 0008): counting over every item per request took over half a second at 100,000
 * products. Only a change of an item's tags or of whether it is in stock touches these rows.
 */
export const itemTagCounts = pgTable(
  'item_tag_counts',
  {
    tag: text('tag').primaryKey(),
    in_stock: integer('in_stock').notNull().default(0),
  },
  (t) => [index('item_tag_counts_popular_idx').on(t.in_stock.desc(), t.tag)],
);

/**
 * Secrets the server generates when none is configured (JWT_SECRET), created once by whichever server
 * starts first, so every server on the database signs and checks with the same ones (db/secrets.ts).
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * GST by the kind of goods and the price of one piece, kept here so staff can change rates without a
 * release (docs/decisions/0020-gst-and-fees.md). For an item, the rule of its shop with the smallest
 * `up_to_unit_price_paise` that is at least the unit price applies; null means no upper bound.
 */
export const gstRates = pgTable(
  'gst_rates',
  {
    id: serial('id').primaryKey(),
    /** A shop's value (fabrics, jewel); no foreign key, so the rates exist before any shop is seeded. */
    shop: text('shop').notNull(),
    up_to_unit_price_paise: integer('up_to_unit_price_paise'),
    /** Percent, e.g. 5.00 */
    rate_percent: numeric('rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    /** Where the rate comes from (a notification and its date). */
    source: text('source').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('gst_rates_shop_bound_key').on(t.shop, sql`coalesce(${t.up_to_unit_price_paise}, 2147483647)`),
    check('gst_rates_rate_check', sql`${t.rate_percent} >= 0 and ${t.rate_percent} <= 100`),
  ],
);

export const RESERVATION_STATUSES = ['held', 'released', 'sold'] as const;
export type ReservationStatus = (typeof RESERVATION_STATUSES)[number];

/**
 * Units held for a shopper during checkout (modules/checkout/). While `held`, the lines' quantities are
 * out of items.quantity; `released` gave them back, `sold` turned them into a sale. For every item at
 * every moment: initial stock = items.quantity + held lines + sold lines. A shopper has at most one held
 * reservation without an order (a partial unique index); one with an order is the order's until it settles.
 */
export const reservations = pgTable(
  'reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('held'),
    /** Why a hold ended without a sale: cancelled, expired, replaced (a newer reservation), or the order's end. */
    release_reason: text('release_reason'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    /** When the sweeper gives the units back if the hold has not ended before. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    ended_at: timestamp('ended_at', { withTimezone: true }),
    /** When an order was placed on it: from then on the hold belongs to the order, and a new checkout leaves it. */
    ordered_at: timestamp('ordered_at', { withTimezone: true }),
    total_sp_paise: integer('total_sp_paise').notNull(),
    total_cp_paise: integer('total_cp_paise').notNull(),
    gst_total_paise: integer('gst_total_paise').notNull(),
    delivery_charge_paise: integer('delivery_charge_paise').notNull(),
    platform_fee_paise: integer('platform_fee_paise').notNull(),
  },
  (t) => [
    check('reservations_status_check', sql`${t.status} in ('held', 'released', 'sold')`),
    uniqueIndex('reservations_one_unordered_held_per_user_key').on(t.user_id).where(sql`${t.status} = 'held' and ${t.ordered_at} is null`),
    index('reservations_held_expiry_idx').on(t.expires_at).where(sql`${t.status} = 'held'`),
  ],
);

/**
 * What a checkout line keeps of the product as the shopper saw it, the same for a reservation's lines and
 * an order's (a function: each table needs columns of its own).
 */
const checkoutLineCopy = () => ({
  item_id: integer('item_id').references(() => items.id, { onDelete: 'set null' }),
  title: text('title').notNull(),
  thumbnail_image: text('thumbnail_image').notNull(),
  selling_price_paise: integer('selling_price_paise').notNull(),
  original_price_paise: integer('original_price_paise').notNull(),
  quantity: integer('quantity').notNull(),
  gst_rate_percent: numeric('gst_rate_percent', { precision: 5, scale: 2, mode: 'number' }).notNull(),
  gst_amount_paise: integer('gst_amount_paise').notNull(),
});

/**
 * The lines of a reservation, each a copy of what the shopper saw (title, image, prices, GST), so a
 * later change or deletion of the product changes nothing here; item_id is cleared if it is deleted.
 */
export const reservationLines = pgTable(
  'reservation_lines',
  {
    id: serial('id').primaryKey(),
    reservation_id: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id, { onDelete: 'cascade' }),
    ...checkoutLineCopy(),
  },
  (t) => [
    index('reservation_lines_reservation_idx').on(t.reservation_id),
    index('reservation_lines_item_idx').on(t.item_id),
    check('reservation_lines_quantity_check', sql`${t.quantity} > 0`),
  ],
);

/** A shopper's delivery addresses (Indian fields; validation in @ssd/shared/addresses). */
export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    full_name: text('full_name').notNull(),
    /** 10 digits, without +91. */
    mobile: text('mobile').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    /** A state or union territory from the official list. */
    state: text('state').notNull(),
    pin_code: text('pin_code').notNull(),
    is_default: boolean('is_default').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    index('addresses_user_idx').on(t.user_id),
    uniqueIndex('addresses_one_default_per_user_key').on(t.user_id).where(sql`${t.is_default}`),
  ],
);

/**
 * Orders (modules/checkout/). Each keeps its own copy of every amount and line, so it never depends on
 * the products or the address book staying as they were. `status` uses the values of spec 3 §4
 * (@ssd/shared/status); amounts are paise.
 */
export const orders = pgTable(
  'orders',
  {
    /** Ours, shown to the shopper and sent to the provider as the receipt: SSD-XXXXXXXXXX. */
    id: text('id').primaryKey(),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id),
    reservation_id: uuid('reservation_id')
      .notNull()
      .references(() => reservations.id),
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    payment_status: text('payment_status', { enum: PAYMENT_STATUSES }).notNull().default('pending'),
    payment_mode: text('payment_mode', { enum: PAYMENT_MODES }).notNull().default('online'),
    /** The payment provider's order (order_...) and, once paid, its payment (pay_...). */
    provider_order_id: text('provider_order_id'),
    payment_id: text('payment_id'),
    total_sp_paise: integer('total_sp_paise').notNull(),
    total_cp_paise: integer('total_cp_paise').notNull(),
    gst_total_paise: integer('gst_total_paise').notNull(),
    /** The place-of-supply split of gst_total: CGST + SGST inside the seller's state, IGST outside. */
    cgst_paise: integer('cgst_paise').notNull(),
    sgst_paise: integer('sgst_paise').notNull(),
    igst_paise: integer('igst_paise').notNull(),
    delivery_charge_paise: integer('delivery_charge_paise').notNull(),
    platform_fee_paise: integer('platform_fee_paise').notNull(),
    /** What the shopper pays: selling total + delivery + platform fee + GST. */
    amount_paise: integer('amount_paise').notNull(),
    amount_paid_paise: integer('amount_paid_paise').notNull().default(0),
    /** Name, email, mobile and the delivery address as they were when the order was placed. */
    customer_details: text('customer_details').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Until when the payment may start; the stock hold lasts as long. */
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    paid_at: timestamp('paid_at', { withTimezone: true }),
    /** A payment that came too late and could not be honoured was refunded: the provider's refund id. */
    refund_id: text('refund_id'),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('orders_reservation_key').on(t.reservation_id),
    uniqueIndex('orders_provider_order_key').on(t.provider_order_id),
    index('orders_user_created_idx').on(t.user_id, t.created_at.desc()),
    index('orders_pending_expiry_idx').on(t.expires_at).where(sql`${t.status} = 'pending'`),
    check('orders_status_check', sql.raw(`status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('orders_payment_status_check', sql.raw(`payment_status in (${PAYMENT_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
    check('orders_payment_mode_check', sql.raw(`payment_mode in (${PAYMENT_MODES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/** The lines of an order: copies of the reservation's lines, with each item's own status. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    order_id: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    ...checkoutLineCopy(),
    item_status: text('item_status', { enum: ORDER_STATUSES }).notNull().default('pending'),
    /** The catalog's HSN code when the order was placed, for the GST invoice (null on older orders). */
    hsn_code: text('hsn_code'),
    item_updated_at: timestamp('item_updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('order_lines_order_idx').on(t.order_id),
    index('order_lines_item_idx').on(t.item_id),
    check('order_lines_item_status_check', sql.raw(`item_status in (${ORDER_STATUSES.map((s) => `'${s}'`).join(', ')})`)),
  ],
);

/**
 * Every payment-provider order made for one of ours: the first at Place order, one more at each Retry
 * Payment. orders.provider_order_id is the current one; a payment that arrives late for an earlier one
 * still finds its order here (and is settled, or refunded if the order was paid meanwhile).
 */
export const orderPaymentAttempts = pgTable(
  'order_payment_attempts',
  {
    provider_order_id: text('provider_order_id').primaryKey(),
    order_id: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    amount_paise: integer('amount_paise').notNull(),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('order_payment_attempts_order_idx').on(t.order_id)],
);

/** Webhook deliveries already handled, by the provider's event id (x-razorpay-event-id): a repeat changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  event_id: text('event_id').primaryKey(),
  event: text('event').notNull(),
  received_at: timestamp('received_at', { withTimezone: true }).notNull(),
});

/**
 * The built-in Razorpay-compatible sandbox's own records (src/sandbox/), used only when no Razorpay keys
 * are configured. Kept in the database so several servers act as one provider. Fields follow Razorpay's
 * Orders and Payments entities; amounts are paise.
 */
export const sandboxOrders = pgTable('sandbox_orders', {
  id: text('id').primaryKey(),
  amount: integer('amount').notNull(),
  amount_paid: integer('amount_paid').notNull().default(0),
  currency: text('currency').notNull(),
  receipt: text('receipt'),
  /** created | attempted | paid */
  status: text('status').notNull(),
  attempts: integer('attempts').notNull().default(0),
  notes: text('notes').notNull().default('{}'),
  created_at: integer('created_at').notNull(),
});

export const sandboxPayments = pgTable(
  'sandbox_payments',
  {
    id: text('id').primaryKey(),
    order_id: text('order_id')
      .notNull()
      .references(() => sandboxOrders.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    /** created | authorized | captured | refunded | failed */
    status: text('status').notNull(),
    method: text('method').notNull(),
    captured: boolean('captured').notNull().default(false),
    amount_refunded: integer('amount_refunded').notNull().default(0),
    error_code: text('error_code'),
    error_description: text('error_description'),
    notes: text('notes').notNull().default('{}'),
    created_at: integer('created_at').notNull(),
  },
  (t) => [index('sandbox_payments_order_idx').on(t.order_id)],
);

/** The sandbox's refunds (Razorpay's Refunds entity), so GET /v1/payments/{id}/refunds can list them. */
export const sandboxRefunds = pgTable(
  'sandbox_refunds',
  {
    id: text('id').primaryKey(),
    payment_id: text('payment_id')
      .notNull()
      .references(() => sandboxPayments.id),
    amount: integer('amount').notNull(),
    currency: text('currency').notNull(),
    receipt: text('receipt'),
    notes: text('notes').notNull().default('{}'),
    created_at: integer('created_at').notNull(),
  },
  (t) => [index('sandbox_refunds_payment_idx').on(t.payment_id)],
);

const enumCheck = (column: string, values: readonly string[]) => sql.raw(`${column} in (${values.map((v) => `'${v}'`).join(', ')})`);

/** Support requests on orders (spec 3 §3): one per order, raised by its buyer, worked by staff. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: serial('id').primaryKey(),
    order_id: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    user_id: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    issue_type: text('issue_type', { enum: SUPPORT_ISSUE_TYPES }).notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: SUPPORT_STATUSES }).notNull().default('open'),
    /** Staff's answer, shown to the shopper under Previous requests (the admin console's support queue). */
    staff_reply: text('staff_reply'),
    replied_at: timestamp('replied_at', { withTimezone: true }),
    replied_by: uuid('replied_by').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_requests_order_key').on(t.order_id),
    index('support_requests_user_idx').on(t.user_id),
    index('support_requests_status_created_idx').on(t.status, t.created_at),
    check('support_requests_issue_type_check', enumCheck('issue_type', SUPPORT_ISSUE_TYPES)),
    check('support_requests_status_check', enumCheck('status', SUPPORT_STATUSES)),
  ],
);

/**
 * Mails that must leave because something changed (an order confirmed, an item shipped), written in the
 * same transaction as the change and sent afterwards with retries. `dedupe_key` names the change
 * (e.g. order_confirmed:SSD-…), so the same change never queues a second mail.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    dedupe_key: text('dedupe_key').notNull(),
    kind: text('kind').notNull(),
    recipient: text('recipient').notNull(),
    /** What the mail is rendered from when it is sent (ids and values, not HTML). */
    payload: jsonb('payload').notNull(),
    attempts: integer('attempts').notNull().default(0),
    next_attempt_at: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    sent_at: timestamp('sent_at', { withTimezone: true }),
    /** Set when it will not be tried again (too many failures). */
    failed_at: timestamp('failed_at', { withTimezone: true }),
    last_error: text('last_error'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('mail_outbox_dedupe_key').on(t.dedupe_key),
    index('mail_outbox_due_idx').on(t.next_attempt_at).where(sql`${t.sent_at} is null and ${t.failed_at} is null`),
  ],
);

/**
 * GST tax invoices: one per confirmed order, numbered without gaps within each financial year (April to
 * March) from invoice_counters, in the transaction that confirms the order.
 */
export const invoices = pgTable(
  'invoices',
  {
    order_id: text('order_id')
      .primaryKey()
      .references(() => orders.id, { onDelete: 'restrict' }),
    /** e.g. 2025-26 */
    financial_year: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** What is printed, e.g. SSD/2025-26/000001 */
    number: text('number').notNull(),
    issued_at: timestamp('issued_at', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('invoices_year_sequence_key').on(t.financial_year, t.sequence), uniqueIndex('invoices_number_key').on(t.number)],
);

/** The last invoice sequence used in each financial year (a row lock on it keeps the series gap-free). */
export const invoiceCounters = pgTable('invoice_counters', {
  financial_year: text('financial_year').primaryKey(),
  last_sequence: integer('last_sequence').notNull(),
});

/**
 * Every write of the admin console: who, what, when, and the record before and after (null when it did
 * not exist before, or no longer exists after). Written in the same transaction as the change.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    /** e.g. banner.add, product.update, order_item.status */
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('audit_log_created_idx').on(t.created_at.desc()), index('audit_log_entity_idx').on(t.entity, t.entity_id)],
);

/**
 * Refunds of returned items (modules/admin/orders/refund*.ts), written before the payment provider is
 * asked so a crash or a lost answer is finished later by the sweeper, never paid twice. `id` is our refund
 * key, sent to the provider in the refund's notes and receipt; at most one pending refund per order.
 * docs/decisions/0038.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    order_id: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The order_lines refunded (all in return_accepted when the refund was asked for). */
    line_ids: integer('line_ids').array().notNull(),
    /** What is asked back; null = what is left of the payment (every remaining item returned). */
    amount_paise: integer('amount_paise'),
    payment_id: text('payment_id').notNull(),
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The provider's refund (rfnd_…) and what it paid back, once known. */
    provider_refund_id: text('provider_refund_id'),
    refunded_amount_paise: integer('refunded_amount_paise'),
    /** Times the sweeper asked the provider without finding the refund. */
    attempts: integer('attempts').notNull().default(0),
    last_error: text('last_error'),
    actor_id: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    created_at: timestamp('created_at', { withTimezone: true }).notNull(),
    updated_at: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('refunds_one_pending_per_order_key').on(t.order_id).where(sql`${t.status} = 'pending'`),
    index('refunds_order_idx').on(t.order_id),
    index('refunds_pending_created_idx').on(t.created_at).where(sql`${t.status} = 'pending'`),
    check('refunds_status_check', enumCheck('status', REFUND_STATUSES)),
  ],
);
