import { ChartColumn, FolderTree, History, Image, LifeBuoy, Package, Replace, Truck, type LucideIcon } from 'lucide-react';

/** One entry of the admin console's sidebar. */
export interface AdminSidebarSection {
  label: string;
  /** Where the entry leads. */
  to: string;
  icon: LucideIcon;
  /** The entry is marked current on these paths (its list and its detail screens). */
  activeOn: RegExp;
}

/**
 * The console's sidebar (spec 3 §2: Banner, Catalog, Products), in order. Other admin screens add
 * their entry with one line here (a path and a label: no feature imports another); their routes go in
 * the admin subtree of src/app/routes.tsx, under the layout.
 */
export const ADMIN_SIDEBAR_SECTIONS: readonly AdminSidebarSection[] = [
  { label: 'Banner', to: '/admin', icon: Image, activeOn: /^\/admin(\/banner(\/.*)?)?\/?$/ },
  { label: 'Catalog', to: '/admin/catalog', icon: FolderTree, activeOn: /^\/admin\/catalog(\/|$)/ },
  { label: 'Products', to: '/admin/products', icon: Package, activeOn: /^\/admin\/products?(\/|$)/ },
  // Other admin screens' entries go here, e.g.
  // { label: 'Orders', to: '/admin/orders', icon: Truck, activeOn: /^\/admin\/orders(\/|$)/ },
  { label: 'Orders', to: '/admin/orders', icon: Truck, activeOn: /^\/admin\/orders(\/|$)/ },
  { label: 'Support', to: '/admin/support', icon: LifeBuoy, activeOn: /^\/admin\/support(\/|$)/ },
  { label: 'Dashboard', to: '/admin/dashboard', icon: ChartColumn, activeOn: /^\/admin\/dashboard(\/|$)/ },
  { label: 'Search synonyms', to: '/admin/search-synonyms', icon: Replace, activeOn: /^\/admin\/search-synonyms(\/|$)/ },
  { label: 'Audit log', to: '/admin/audit', icon: History, activeOn: /^\/admin\/audit(\/|$)/ },
];
