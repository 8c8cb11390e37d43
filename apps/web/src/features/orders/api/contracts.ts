import { lazyContract } from '../../../lib/contract';

/** The orders' contracts (docs/decisions/0058: loaded when an answer is first checked). */
const orders = () => import('@ssd/shared/orders');
export const orderListContract = lazyContract(() => orders().then((module) => module.orderListSchema));
export const orderDetailsContract = lazyContract(() => orders().then((module) => module.orderDetailsSchema));
export const orderItemDetailContract = lazyContract(() => orders().then((module) => module.orderItemDetailSchema));
export const ownReviewContract = lazyContract(() => orders().then((module) => module.ownReviewSchema));
export const supportRequestListContract = lazyContract(() => orders().then((module) => module.supportRequestListSchema));
export const reorderResultContract = lazyContract(() => orders().then((module) => module.reorderResultSchema));
