import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer } from '../../../test/store-stub';
import { admin, dashboard } from '../test-fixtures';
// Loaded up front so the route's lazy chunks resolve at once.
import './dashboard-screen';
import '../components/bar-chart';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

beforeEach(() => {
  // jsdom draws no canvas: a browser without a 2D context, for which the tables carry the numbers.
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(null);
});

async function openDashboard(answer: () => StoreAnswer) {
  const api = stubStore({ 'GET /api/admin/dashboard': answer });
  const user = userEvent.setup();
  renderApp('/admin/dashboard', { session: admin });
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' });
  return { api, user };
}

const rowsOf = (name: string) =>
  within(screen.getByRole('table', { name, hidden: true }))
    .getAllByRole('row', { hidden: true })
    .slice(1)
    .map((row) => row.textContent);

describe('Dashboard', () => {
  it('draws revenue per day, orders by status, top products and low stock, each with its numbers as a table', async () => {
    await openDashboard(() => envelope(dashboard()));
    const revenue = await screen.findByRole('region', { name: 'Revenue per day, last 30 days' });
    expect(await within(revenue).findByRole('img', { name: 'Revenue per day over the last 30 days, ₹1,050.00 in all' })).toBeInTheDocument();
    expect(rowsOf('Revenue per day, last 30 days')).toEqual(['2 Jan 2023₹0.00', '3 Jan 2023₹1,050.00']);
    expect(rowsOf('Orders by status')).toEqual(['confirmed3', 'delivered5']);
    expect(rowsOf('Top products, last 30 days (units sold)')).toEqual(['Kanjeevaram Silk Saree4']);
    expect(rowsOf('Low stock (under 10 pieces)')).toEqual(['Gold Jhumki2']);
    expect(screen.getByRole('img', { name: 'Low stock: Gold Jhumki 2' })).toBeInTheDocument();
  });

  it('says when nothing sold and nothing runs low', async () => {
    await openDashboard(() => envelope(dashboard({ top_products: [], low_stock: [] })));
    expect(await screen.findByRole('img', { name: 'Nothing sold in the last 30 days.' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Every product has 10 or more pieces.' })).toBeInTheDocument();
  });

  it('shows a failure with Try Again that asks again', async () => {
    let answer = envelope(null, -1, 'Failed to connect to our server.');
    const { api, user } = await openDashboard(() => answer);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect to our server.');
    answer = envelope(dashboard());
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('region', { name: 'Orders by status' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/dashboard')).toHaveLength(2);
  });
});
