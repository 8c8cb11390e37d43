import { lazyContract } from '../../../lib/contract';

/** The product page's contracts (docs/decisions/0058: loaded when an answer is first checked). */
export const productContract = lazyContract(() => import('@ssd/shared/content').then(({ contentItemSchema }) => contentItemSchema));
export const reviewsContract = lazyContract(() => import('@ssd/shared/storefront').then(({ reviewsDataSchema }) => reviewsDataSchema));
export const suggestedContract = lazyContract(() => import('@ssd/shared/storefront').then(({ suggestedDataSchema }) => suggestedDataSchema));
