import type { FastifyPluginAsync } from 'fastify';
import type { ChangeFeed } from '../../db/change-feed';
import type { OrderContext } from '../checkout/orders';
import { auditRoutes } from './audit-routes';
import { bannerRoutes } from './banners/routes';
import { catalogRoutes } from './catalogs/routes';
import { adminDashboardRoutes } from './dashboard/routes';
import { adminFileRoutes } from './files/routes';
import { adminOrderRoutes } from './orders/routes';
import { productRoutes } from './products/routes';
import { searchSynonymRoutes } from './search-synonyms/routes';
import { adminSupportRoutes } from './support/routes';

/** What the admin routes need: the database, the clock, the payment provider (refunds), the checkout settings. */
export type AdminContext = Omit<OrderContext, 'gstRules' | 'products'>;

/**
 * The admin console's API, inside the /api/admin scope of app.ts (whose onRequest hook lets only
 * ssd_admin through). One place for the rules every admin route shares:
 * - freshness: after any successful write, this server's kept copies of the catalogue (content answers,
 *   checkout's product reads) are dropped before the answer leaves, so the admin's next read — and every
 *   shopper's on this server — sees the write at once; other servers drop theirs when the database's
 *   change notification arrives (db/change-feed.ts). No route has to remember it.
 * - audit: routes record each write with recordAudit (./audit.ts) inside the write's transaction.
 * Entity routes live in ./<entity>/routes.ts and are registered below.
 */
export const adminRoutes: FastifyPluginAsync<{ ctx: AdminContext; changes: ChangeFeed }> = async (admin, { ctx, changes }) => {
  admin.addHook('onSend', async (request, reply, payload) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) changes.publish({ type: 'notify', payload: 'admin' });
    return payload;
  });
  void ctx;
  // Entity routes (one line each): await admin.register(bannerRoutes, { ctx }); …
  await admin.register(adminOrderRoutes, { ctx });
  await admin.register(adminSupportRoutes, { ctx });
  await admin.register(adminDashboardRoutes, { ctx });
  await admin.register(bannerRoutes, { ctx });
  await admin.register(catalogRoutes, { ctx });
  await admin.register(productRoutes, { ctx });
  await admin.register(auditRoutes, { ctx });
  await admin.register(adminFileRoutes, { ctx });
  await admin.register(searchSynonymRoutes, { ctx });
};
