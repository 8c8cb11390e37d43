import { lazy, type ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { ROUTE_NAMES } from '../lib/paths';
import { named } from './routes';

/*
 * The admin console's route table below /admin (spec 3 §2), apart from its first screen: loaded only
 * when an admin first goes past /admin, and patched under the 'admin' route by app/route-discovery.ts,
 * so none of it is in the storefront's first load. Each screen is a chunk of its own.
 */

const screen = <T,>(load: () => Promise<T>, pick: (module: T) => ComponentType) => lazy(() => load().then((m) => ({ default: pick(m) })));

const AdminBannerDetail = screen(() => import('../features/admin/screens/banner-detail-screen'), (m) => m.BannerDetailScreen);
const AdminCatalogList = screen(() => import('../features/admin/screens/catalog-list-screen'), (m) => m.CatalogListScreen);
const AdminCatalogDetail = screen(() => import('../features/admin/screens/catalog-detail-screen'), (m) => m.CatalogDetailScreen);
const AdminProductsList = screen(() => import('../features/admin/screens/products-list-screen'), (m) => m.ProductsListScreen);
const AdminProductDetail = screen(() => import('../features/admin/screens/product-detail-screen'), (m) => m.ProductDetailScreen);
// Running the store (features/admin-ops): fulfilment, the support queue, the dashboard.
const AdminOrders = screen(() => import('../features/admin-ops/screens/admin-orders-screen'), (m) => m.AdminOrdersScreen);
const AdminOrder = screen(() => import('../features/admin-ops/screens/admin-order-screen'), (m) => m.AdminOrderScreen);
const AdminSupport = screen(() => import('../features/admin-ops/screens/support-queue-screen'), (m) => m.SupportQueueScreen);
const AdminAudit = screen(() => import('../features/admin/screens/audit-log-screen'), (m) => m.AuditLogScreen);
// Search synonyms (docs/decisions/0044, 0050): the list, and one form for a new group or an existing one.
const AdminSynonyms = screen(() => import('../features/admin/screens/search-synonyms-screen'), (m) => m.SearchSynonymsScreen);
const AdminSynonymAdd = screen(() => import('../features/admin/screens/search-synonym-group-screen'), (m) => m.AddSynonymGroupScreen);
const AdminSynonymUpdate = screen(() => import('../features/admin/screens/search-synonym-group-screen'), (m) => m.UpdateSynonymGroupScreen);
const AdminDashboard = screen(() => import('../features/admin-ops/screens/dashboard-screen'), (m) => m.DashboardScreen);

export const adminRoutes: RouteObject[] = [
  { path: 'banner/:type', element: <AdminBannerDetail />, handle: named(ROUTE_NAMES.bannerDetail) },
  { path: 'catalog', element: <AdminCatalogList />, handle: named(ROUTE_NAMES.adminCatalog) },
  { path: 'catalog/:type', element: <AdminCatalogDetail />, handle: named(ROUTE_NAMES.catalogDetail) },
  { path: 'products/:type?', element: <AdminProductsList />, handle: named(ROUTE_NAMES.adminProducts) },
  { path: 'product/:type', element: <AdminProductDetail />, handle: named(ROUTE_NAMES.productsDetail) },
  { path: 'orders', element: <AdminOrders /> },
  { path: 'orders/:id', element: <AdminOrder /> },
  { path: 'support', element: <AdminSupport /> },
  { path: 'dashboard', element: <AdminDashboard /> },
  { path: 'audit', element: <AdminAudit /> },
  { path: 'search-synonyms', element: <AdminSynonyms /> },
  { path: 'search-synonyms/add', element: <AdminSynonymAdd /> },
  { path: 'search-synonyms/update', element: <AdminSynonymUpdate /> },
];
