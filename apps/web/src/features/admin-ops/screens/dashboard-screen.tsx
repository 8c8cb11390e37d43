import { useDocumentTitle } from '../../../lib/use-document-title';
import { useDashboard } from '../api/get-dashboard';
import { DashboardPanels } from '../components/dashboard-panels';
import { QueryStates } from '../components/query-states';
import { ADMIN_OPS_TEXT } from '../lib/texts';

/** /admin/dashboard: revenue per day for 30 days, orders by status, top products and low stock, as charts. */
export function DashboardScreen() {
  useDocumentTitle(ADMIN_OPS_TEXT.dashboard);
  const query = useDashboard();
  return (
    <section className="flex flex-col gap-4">
      <h1 className="font-serif text-2xl font-semibold text-maroon-800">{ADMIN_OPS_TEXT.dashboard}</h1>
      <QueryStates query={query} loadingLabel={ADMIN_OPS_TEXT.loadingDashboard} emptyText="" isEmpty={() => false}>
        {(dashboard) => <DashboardPanels dashboard={dashboard} />}
      </QueryStates>
    </section>
  );
}
