import { lazyContract } from '../../../lib/contract';

/** The orders' contracts (docs/decisions/0058: loaded when an answer is first checked). */
export const orderListContract = lazyContract(() => import('./order-contracts').then(({ orderListSchema }) => orderListSchema));
export const orderDetailsContract = lazyContract(() => import('./order-contracts').then(({ orderDetailsSchema }) => orderDetailsSchema));
export const orderItemDetailContract = lazyContract(() => import('./order-contracts').then(({ orderItemDetailSchema }) => orderItemDetailSchema));
export const ownReviewContract = lazyContract(() => import('./order-contracts').then(({ ownReviewSchema }) => ownReviewSchema));
export const supportRequestListContract = lazyContract(() => import('./order-contracts').then(({ supportRequestListSchema }) => supportRequestListSchema));
export const reorderResultContract = lazyContract(() => import('./order-contracts').then(({ reorderResultSchema }) => reorderResultSchema));
