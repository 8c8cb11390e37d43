import { lazy, Suspense, useMemo, useId, type ReactNode } from 'react';
import type { Dashboard } from '@ssd/shared/admin-ops';
import { formatDay } from '@ssd/shared/dates';
import { formatINR } from '@ssd/shared/money';
import { orderStatusLabel } from '@ssd/shared/status';
import { Skeleton } from '../../../components/ui/skeleton';
import { ADMIN_OPS_TEXT } from '../lib/texts';

// Chart.js comes with the charts only, after the dashboard's numbers: the tables never wait for it.
const BarChart = lazy(() => import('./bar-chart').then((m) => ({ default: m.BarChart })));

interface Series {
  labels: string[];
  values: number[];
}

/** A dashboard panel: its chart, then the same numbers as a table (what screen readers and tests read). */
function Panel({
  title,
  series,
  summary,
  horizontal,
  format,
  columns,
  children,
}: {
  title: string;
  series: Series;
  summary: string;
  horizontal?: boolean;
  format?: (value: number) => string;
  columns: [string, string];
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3 rounded-2xl border border-maroon-100 bg-white p-4">
      <h2 id={headingId} className="text-base font-semibold text-ink">
        {title}
      </h2>
      <Suspense fallback={<Skeleton className="h-64 w-full" />}>
        <BarChart labels={series.labels} values={series.values} summary={summary} horizontal={horizontal} format={format} />
      </Suspense>
      <details className="text-sm">
        <summary className="cursor-pointer font-semibold text-maroon-700">{ADMIN_OPS_TEXT.asTable}</summary>
        <table className="mt-2 w-full text-left">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr>
              <th scope="col" className="py-1">{columns[0]}</th>
              <th scope="col" className="py-1 text-right">{columns[1]}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-maroon-100">{children}</tbody>
        </table>
      </details>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <tr>
      <td className="py-1">{label}</td>
      <td className="py-1 text-right">{value}</td>
    </tr>
  );
}

const countText = (value: number) => String(Math.round(value));

/** The four panels of the dashboard; each chart's series is kept while the numbers stay the same. */
export function DashboardPanels({ dashboard }: { dashboard: Dashboard }) {
  const { revenue_by_day: revenue, orders_by_status: byStatus, top_products: top, low_stock: lowStock } = dashboard;
  const revenueSeries = useMemo(() => ({ labels: revenue.map((day) => formatDay(day.day)), values: revenue.map((day) => day.revenue) }), [revenue]);
  const statusSeries = useMemo(() => ({ labels: byStatus.map((row) => orderStatusLabel(row.status)), values: byStatus.map((row) => row.count) }), [byStatus]);
  const topSeries = useMemo(() => ({ labels: top.map((row) => row.title), values: top.map((row) => row.units) }), [top]);
  const stockSeries = useMemo(() => ({ labels: lowStock.map((row) => row.title), values: lowStock.map((row) => row.quantity) }), [lowStock]);
  const revenueTotal = revenue.reduce((sum, day) => sum + day.revenue, 0);

  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Panel
        title={ADMIN_OPS_TEXT.revenue}
        series={revenueSeries}
        summary={`Revenue per day over the last 30 days, ${formatINR(revenueTotal)} in all`}
        format={formatINR}
        columns={['Day', 'Revenue']}
      >
        {revenue.map((day) => (
          <Row key={day.day} label={formatDay(day.day)} value={formatINR(day.revenue)} />
        ))}
      </Panel>
      <Panel
        title={ADMIN_OPS_TEXT.ordersByStatus}
        series={statusSeries}
        summary={`Orders by status: ${byStatus.map((row) => `${orderStatusLabel(row.status)} ${row.count}`).join(', ')}`}
        horizontal
        format={countText}
        columns={['Status', 'Orders']}
      >
        {byStatus.map((row) => (
          <Row key={row.status} label={orderStatusLabel(row.status)} value={String(row.count)} />
        ))}
      </Panel>
      <Panel
        title={ADMIN_OPS_TEXT.topProducts}
        series={topSeries}
        summary={top.length ? `Top products by units sold: ${top.map((row) => `${row.title} ${row.units}`).join(', ')}` : ADMIN_OPS_TEXT.noSales}
        horizontal
        format={countText}
        columns={['Product', 'Units sold']}
      >
        {top.map((row) => (
          <Row key={`${row.item_id ?? 'gone'}-${row.title}`} label={row.title} value={String(row.units)} />
        ))}
      </Panel>
      <Panel
        title={ADMIN_OPS_TEXT.lowStock}
        series={stockSeries}
        summary={lowStock.length ? `Low stock: ${lowStock.map((row) => `${row.title} ${row.quantity}`).join(', ')}` : ADMIN_OPS_TEXT.noLowStock}
        horizontal
        format={countText}
        columns={['Product', 'Pieces left']}
      >
        {lowStock.map((row) => (
          <Row key={row.item_id} label={row.title} value={String(row.quantity)} />
        ))}
      </Panel>
    </div>
  );
}
