import { ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE, ADMIN_PRODUCTS_PAGE_SIZES, SHOPS } from './constants';

/**
 * The admin console's content texts and constants (spec 3 §2, §3, §8, §9), free of zod so the console's
 * screens can import them without the contracts (admin-content.ts holds the zod schemas).
 */

/** spec 3 §8, the admin list. '…updated successfully.' are "the matching updated successfully. messages". */
export const ADMIN_CONTENT_MESSAGES = {
  signUpSuccessful: 'Sign up successful. Login to continue',
  bannerListFailed: 'Failed to get banner list',
  productListFailed: 'Failed to get products list',
  bannerDataFailed: 'Failed to get banner data',
  categoryDetailsFailed: 'Failed to get category details',
  productDetailsFailed: 'Failed to get product details',
  noRelatedData: 'No related data available',
  noDataInTables: 'No Data Available in tables',
  tryAgain: 'Try Again',
  bannerDeleted: 'Banner deleted. Refresh to see changes.',
  bannerDeleteFailed: 'Failed to delete banner',
  catalogDeleteFailed: 'Failed to delete catalog',
  productDeleteFailed: 'Failed to delete product',
  bannerAdded: 'Banner added successfully.',
  categoryAdded: 'Category added successfully.',
  productAdded: 'Product added successfully.',
  bannerUpdated: 'Banner updated successfully.',
  categoryUpdated: 'Category updated successfully.',
  productUpdated: 'Product updated successfully.',
  invalidShop: 'Invalid shop details.',
  invalidCatalog: 'Invalid catalog details.',
  invalidProduct: 'Invalid product details.',
  // Ours (the spec's server messages are not shown): what the server answers when a rule refuses a write.
  catalogDeleted: 'Catalog deleted.',
  productDeleted: 'Product deleted.',
  bannerNotFound: 'Banner not found',
  catalogNotFound: 'Catalog not found',
  productNotFound: 'Product not found',
  catalogTitleTaken: 'A catalog with this title already exists.',
  catalogHasProducts: (count: number) =>
    `This catalog still has ${count} product(s). Move or delete them before deleting the catalog.`,
  productArchived: 'This product has been deleted and can no longer be changed.',
  reservedCatalogTitle: 'This title is reserved. Please choose another.',
  tagOfOtherProduct: 'Every tag and image must belong to the product being updated.',
} as const;

/** spec 3 §9: page sizes of the admin products list. */
export const ADMIN_PAGE_SIZES = ADMIN_PRODUCTS_PAGE_SIZES;
export const ADMIN_DEFAULT_PAGE_SIZE = ADMIN_PRODUCTS_DEFAULT_PAGE_SIZE;
/** Load more keeps limit = rows loaded (spec 3 §4); past this many the list asks for a narrower filter. */
export const ADMIN_PRODUCTS_MAX_LIMIT = 1000;

/** spec 3 §2: the admin-products route's `type` (default all) and its catalog query's "every catalog" value. */
export const ADMIN_PRODUCT_TYPES = ['all', 'fabrics', 'jewel'] as const;
export type AdminProductType = (typeof ADMIN_PRODUCT_TYPES)[number];
export const ALL_CATALOGS = 'all';

/** spec 3 §2: the detail screens' `type` param. */
export const ADMIN_DETAIL_TYPES = ['add', 'detail', 'update'] as const;
export type AdminDetailType = (typeof ADMIN_DETAIL_TYPES)[number];

/**
 * Where the deleted (archived) products of a deleted catalog go (docs/decisions/0031): a catalog no one
 * sees — not the storefront, not the admin list — and whose title staff cannot give a catalog of theirs.
 */
export const ARCHIVE_CATALOG_TITLE = '[deleted catalogs]';

/** spec 3 §3: the shop list (Fabrics → fabrics, Jewel → jewel). */
export const ADMIN_SHOP_LIST = SHOPS;

/** spec 3 §5: how the product form writes tags and images (comma separated; an image is `URL ~ title`). */
export const TAG_SEPARATOR = ',';
export const IMAGE_SEPARATOR = ',';
export const IMAGE_TITLE_SEPARATOR = '~';
/** spec 3 §3: a description's bullet points are separated by this character. */
export const DESCRIPTION_BULLET_SEPARATOR = '>';

/** Field lengths the forms and the server share. */
export const ADMIN_LIMITS = {
  title: 200,
  url: 2000,
  description: 5000,
  sizeDescription: 1000,
  tag: 50,
  tags: 50,
  images: 20,
  imageTitle: 200,
  /** The largest rupee amount whose paise fit the integer column. */
  maxRupees: 21_474_836.47,
  maxQuantity: 1_000_000,
  /** Catalog priority: a whole number in this range. */
  minPriority: -1_000_000,
  maxPriority: 1_000_000,
} as const;
