import { Suspense, useId, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { PanelLeftClose, PanelLeftOpen } from 'lucide-react';
import { ADMIN_SIDEBAR_SECTIONS } from './sidebar-sections';

function ScreenLoading() {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" aria-busy="true">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-gold-200 border-t-maroon-700" />
      <span className="sr-only">Loading page…</span>
    </div>
  );
}

/**
 * The admin console (spec 3 §2): a collapsible sidebar of its sections beside the current screen.
 * Collapsed, the sidebar keeps each section's icon (named for screen readers) and gives the screen
 * the room. The route wraps it in the admin guard; it loads with the console, never with the storefront.
 */
export function AdminLayout() {
  const { pathname } = useLocation();
  const [collapsed, setCollapsed] = useState(false);
  const navId = useId();
  const Toggle = collapsed ? PanelLeftOpen : PanelLeftClose;

  return (
    <div className="mx-auto flex w-full max-w-7xl gap-4 px-3 py-4 sm:px-4">
      <aside className={`shrink-0 ${collapsed ? 'w-14' : 'w-44 sm:w-52'}`}>
        <div className="sticky top-20 flex flex-col gap-2 rounded-2xl border border-maroon-100 bg-white p-2 shadow-sm">
          <button
            type="button"
            onClick={() => setCollapsed((value) => !value)}
            aria-expanded={!collapsed}
            aria-controls={navId}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className="inline-flex size-10 items-center justify-center self-end rounded-full text-maroon-700 hover:bg-maroon-50"
          >
            <Toggle aria-hidden="true" className="size-5" />
          </button>
          <nav id={navId} aria-label="Admin">
            <ul className="flex flex-col gap-1">
              {ADMIN_SIDEBAR_SECTIONS.map(({ label, to, icon: Icon, activeOn }) => {
                const current = activeOn.test(pathname);
                return (
                  <li key={to}>
                    <Link
                      to={to}
                      aria-current={current ? 'page' : undefined}
                      aria-label={collapsed ? label : undefined}
                      title={collapsed ? label : undefined}
                      className={`flex items-center gap-3 rounded-xl px-3 py-2.5 text-sm font-semibold ${
                        current ? 'bg-maroon-700 text-white' : 'text-maroon-800 hover:bg-maroon-50'
                      }`}
                    >
                      <Icon aria-hidden="true" className="size-5 shrink-0" />
                      {collapsed ? null : <span>{label}</span>}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </div>
      </aside>
      <div className="min-w-0 flex-1">
        <Suspense fallback={<ScreenLoading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
