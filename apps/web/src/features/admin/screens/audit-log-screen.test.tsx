import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '@ssd/shared/admin-content';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreCall } from '../../../test/store-stub';
import { AUDIT_PAGE_SIZE } from '../api/audit';
import { admin } from '../test-fixtures';
import './audit-log-screen';
import '../layout/admin-layout';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

function entry(id: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    id,
    actor_id: 'u1',
    actor_email: 'staff@example.com',
    action: 'banner.update',
    entity: 'banner',
    entity_id: String(id),
    before: { title: 'Old', isactive: true },
    after: { title: 'New', isactive: true },
    created_at: '2025-01-03T10:35:09.000Z',
    ...overrides,
  };
}

const table = () => screen.findByRole('table', { name: 'Audit log' });

describe('Audit log (/admin/audit)', () => {
  it('shows who, what and when in India time, and the changed fields only, folded', async () => {
    stubStore({ 'GET /api/admin/audit': envelope([entry(2), entry(1, { actor_email: null, action: 'banner.add', before: null, after: { title: 'Diwali' } })]) });
    const user = userEvent.setup();
    renderApp('/admin/audit', { session: admin });
    // The entries' rows (each holds its own table of changes).
    const rows = [...(await table()).querySelectorAll<HTMLElement>(':scope > tbody > tr')];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('staff@example.com');
    expect(rows[0]).toHaveTextContent('banner.updatebanner 2');
    // 10:35:09 UTC is 4:05:09 pm in India.
    expect(rows[0]).toHaveTextContent("Fri, 3rd Jan '25, 4:05:09 pm");
    expect(rows[1]).toHaveTextContent('Unknown account');

    const summary = within(rows[0]!).getByText('Show 1 changed field');
    const changes = within(rows[0]!).getByRole('table', { name: 'Changes of entry 2', hidden: true });
    expect(within(changes).getAllByRole('row', { hidden: true }).slice(1).map((row) => row.textContent)).toEqual(['titleOldNew']);
    await user.click(summary);
    expect(summary.closest('details')).toHaveAttribute('open');
    // An add shows every field it set, from nothing.
    expect(within(rows[1]!).getByText('Show 1 changed field').closest('details')).toHaveTextContent('title—Diwali');
  });

  it('Load more asks for the next page after a full one, and stops after a short one', async () => {
    const calls: StoreCall[] = [];
    const full = Array.from({ length: AUDIT_PAGE_SIZE }, (_, i) => entry(100 - i));
    stubStore({
      'GET /api/admin/audit': (call) => {
        calls.push(call);
        return envelope(call.query.get('offset') === '0' ? full : [entry(1, { action: 'catalog.delete' })]);
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/audit', { session: admin });
    await table();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('catalog.delete')).toBeInTheDocument();
    expect(calls.map((call) => [call.query.get('limit'), call.query.get('offset')])).toEqual([
      [String(AUDIT_PAGE_SIZE), '0'],
      [String(AUDIT_PAGE_SIZE), String(AUDIT_PAGE_SIZE)],
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('shows the failure with Try Again that reads again, and no data when the log is empty', async () => {
    let reads = 0;
    stubStore({ 'GET /api/admin/audit': () => (++reads === 1 ? { status: 500, body: { code: -1, message: '', data: null } } : envelope([])) });
    const user = userEvent.setup();
    renderApp('/admin/audit', { session: admin });
    expect(await screen.findByText('Failed to get the audit log')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No Data Available in tables')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Audit log' })).toHaveAttribute('href', '/admin/audit');
  });
});
