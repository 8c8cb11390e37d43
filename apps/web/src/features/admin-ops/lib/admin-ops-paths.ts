/** The operations screens' paths under /admin (routes in src/app/routes.tsx, entries in the admin sidebar). */
export const ADMIN_OPS_PATHS = {
  orders: '/admin/orders',
  order: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`,
  support: '/admin/support',
  dashboard: '/admin/dashboard',
} as const;
