import { CONTENT_ITEM_CARD_FIELDS } from '@ssd/shared/content-fields';

/**
 * The fields a product card reads, as the content service's fields= value. On its own so that a
 * read for cards (home rows, sale) does not bring the listings' infinite-scroll code with it.
 */
export const CARD_FIELDS = CONTENT_ITEM_CARD_FIELDS.join(',');
