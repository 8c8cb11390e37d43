import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore } from '../../../test/store-stub';
import { admin, catalog } from '../test-fixtures';
import './catalog-list-screen';
import './catalog-detail-screen';
import '../layout/admin-layout';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

describe('catalogs (spec 3 §2, §5)', () => {
  it('renames a catalog with old_title and new_title after confirming, then shows it under its new title', async () => {
    const api = stubStore({
      'GET /api/admin/catalog/detail': envelope(catalog(1)),
      'PATCH /api/admin/catalog/update': envelope(null, 1, ''),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/catalog/update?category=Catalog%201', { session: admin });
    const form = await screen.findByRole('form', { name: 'Update catalog' });
    const priority = within(form).getByLabelText('Priority');
    await user.clear(priority);
    await user.type(priority, 'x');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByText(/^Priority (is required|must be a whole number)/)).toBeInTheDocument();
    await user.clear(priority);
    await user.type(priority, '3');
    const title = within(form).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Silk Sarees');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Save changes to this catalog?' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Category updated successfully.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/catalog/update')[0]?.body).toEqual({
      old_title: 'Catalog 1',
      new_title: 'Silk Sarees',
      image: 'https://img.example.com/c-1.jpg',
      priority: 3,
    });
    await waitFor(() => expect(router.state.location.search).toBe('?category=Silk+Sarees'));
  });

  it("says 'Failed to get category details' with Try Again, and the server's refusal of a delete", async () => {
    stubStore({ 'GET /api/admin/catalog/detail': { status: 500, body: { code: -1, message: '', data: null } } });
    const detail = renderApp('/admin/catalog/detail?category=Catalog%201', { session: admin });
    expect(await screen.findByText('Failed to get category details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
    detail.unmount();

    const refusal = 'This catalog still has 2 product(s). Move or delete them before deleting the catalog.';
    stubStore({
      'GET /api/admin/catalog/list': envelope([catalog(1)]),
      'DELETE /api/admin/catalog/delete': { status: 409, body: { code: 0, message: refusal, data: null } },
    });
    const user = userEvent.setup();
    renderApp('/admin/catalog', { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Delete Catalog 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete catalog?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
  });
});
