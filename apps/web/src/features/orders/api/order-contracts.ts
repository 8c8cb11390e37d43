/**
 * The orders' zod contracts, imported only by ./contracts.ts, and only dynamically: a module of its own
 * (not the shared one, which forms also import statically), so the browser gets its exports as they are,
 * without the bundler building a namespace object for it (and splitting its helpers out of the entry).
 */
export { orderDetailsSchema, orderItemDetailSchema, orderListSchema, ownReviewSchema, reorderResultSchema, supportRequestListSchema } from '@ssd/shared/orders';
