import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore } from '../../../test/store-stub';
import { admin, banner } from '../test-fixtures';
import './banner-list-screen';
import './banner-detail-screen';
import '../layout/admin-layout';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

describe('admin-banner list (spec 3 §2, §8)', () => {
  it('shows each banner with its status, and Load failure with Try Again that reads again', async () => {
    let calls = 0;
    stubStore({
      'GET /api/admin/banner/list': () => (++calls === 1 ? { status: 500, body: { code: -1, message: '', data: null } } : envelope([banner(1), banner(2, { isactive: false })])),
    });
    const user = userEvent.setup();
    renderApp('/admin', { session: admin });
    expect(await screen.findByText('Failed to get banner list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    const table = await screen.findByRole('table', { name: 'Banners' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[2]?.textContent)).toEqual(['Active', 'Inactive']);
    expect(within(table).getByRole('link', { name: 'Banner 1' })).toHaveAttribute('href', '/admin/banner/detail?id=1');
  });

  it("says 'No Data Available in tables' for no banners", async () => {
    stubStore({ 'GET /api/admin/banner/list': envelope([]) });
    renderApp('/admin', { session: admin });
    expect(await screen.findByText('No Data Available in tables')).toBeInTheDocument();
  });

  it('on -2 shows the message and goes to / (not to login)', async () => {
    stubStore({ 'GET /api/admin/banner/list': envelope(null, -2, 'Session expired'), 'GET /content/items/banners': { body: { data: [] } } });
    const { router } = renderApp('/admin', { session: admin });
    const toast = await screen.findByText('Session expired');
    expect(toastType(toast)).toBe('warning');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('deletes a banner only after confirming, then says so', async () => {
    const api = stubStore({
      'GET /api/admin/banner/list': envelope([banner(1), banner(2)]),
      'DELETE /api/admin/banner/delete': envelope(null, 1, ''),
    });
    const user = userEvent.setup();
    renderApp('/admin', { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Delete Banner 2' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete banner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/admin/banner/delete')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Banner 2' }));
    dialog = screen.getByRole('dialog', { name: 'Delete banner?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(toastType(await screen.findByText('Banner deleted. Refresh to see changes.'))).toBe('success');
    expect(api.callsTo('DELETE', '/api/admin/banner/delete').map((call) => call.body)).toEqual([{ banner_id: 2 }]);
  });

  it("says 'Failed to delete banner' when the server gives no reason", async () => {
    stubStore({
      'GET /api/admin/banner/list': envelope([banner(1)]),
      'DELETE /api/admin/banner/delete': { status: 500, body: { code: -1, message: '', data: null } },
    });
    const user = userEvent.setup();
    renderApp('/admin', { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Delete Banner 1' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(toastType(await screen.findByText('Failed to delete banner'))).toBe('error');
  });
});

describe('banner-detail (spec 3 §2, §5)', () => {
  it('sends an unknown type back to the previous screen', async () => {
    stubStore({ 'GET /api/admin/banner/list': envelope([banner(1)]) });
    const { router } = renderApp(['/admin', '/admin/banner/edit?id=1'], { session: admin });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('checks the add form with the rules of spec 3 §5, asks, then adds; Reset empties it', async () => {
    const api = stubStore({
      'POST /api/admin/banner/add': envelope({ banner_id: 9 }, 1, 'Banner added successfully.'),
      'GET /api/admin/banner/list': envelope([banner(9)]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/banner/add', { session: admin });
    const form = await screen.findByRole('form', { name: 'Add banner' });
    await user.click(within(form).getByRole('button', { name: 'Add Banner' }));
    expect(within(form).getByText('Title is required.')).toBeInTheDocument();
    expect(within(form).getByText('Banner image is required.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(within(form).getByLabelText('Title'), 'Diwali');
    await user.type(within(form).getByLabelText('Banner image URL'), 'javascript:alert(1)');
    await user.type(within(form).getByLabelText('Link (optional)'), 'not a url');
    await user.click(within(form).getByRole('button', { name: 'Add Banner' }));
    expect(within(form).getByText('Banner image must be an https URL or an uploaded image.')).toBeInTheDocument();
    expect(within(form).getByText('Link must be an http(s) URL.')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(within(form).getByLabelText('Title')).toHaveValue('');

    await user.type(within(form).getByLabelText('Title'), 'Diwali');
    await user.type(within(form).getByLabelText('Banner image URL'), 'https://img.example.com/d.jpg');
    await user.selectOptions(within(form).getByLabelText('Status'), 'Inactive');
    await user.click(within(form).getByRole('button', { name: 'Add Banner' }));
    const dialog = screen.getByRole('dialog', { name: 'Add this banner?' });
    expect(api.callsTo('POST', '/api/admin/banner/add')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(toastType(await screen.findByText('Banner added successfully.'))).toBe('success');
    expect(api.callsTo('POST', '/api/admin/banner/add')[0]?.body).toEqual({
      title: 'Diwali',
      banner_image: 'https://img.example.com/d.jpg',
      link: '',
      isactive: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin'));
  });

  it('shows the banner, switches to update in place (replace), and saves with banner_id', async () => {
    const api = stubStore({
      'GET /api/admin/banner/detail': envelope(banner(3, { link: 'https://shop.example.com/sale' })),
      'PATCH /api/admin/banner/update': envelope(null, 1, ''),
    });
    const user = userEvent.setup();
    const { router } = renderApp(['/admin', '/admin/banner/detail?id=3'], { session: admin });
    await screen.findByText('https://shop.example.com/sale');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    const form = await screen.findByRole('form', { name: 'Update banner' });
    expect(router.state.historyAction).toBe('REPLACE');
    expect(router.state.location.search).toBe('?id=3');
    const title = within(form).getByLabelText('Title');
    await user.clear(title);
    await user.type(title, 'Renamed');
    await user.click(within(form).getByRole('button', { name: 'Reset' }));
    expect(title).toHaveValue('Banner 3');
    await user.clear(title);
    await user.type(title, 'Renamed');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Banner updated successfully.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/banner/update')[0]?.body).toMatchObject({ banner_id: 3, title: 'Renamed', isactive: true });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/banner/detail'));
  });

  it("says 'No related data available' for a missing banner and 'Failed to get banner data' with Try Again otherwise", async () => {
    stubStore({ 'GET /api/admin/banner/detail': { status: 404, body: { code: -1, message: 'Banner not found', data: null } } });
    const missing = renderApp('/admin/banner/detail?id=77', { session: admin });
    expect(await screen.findByText('No related data available')).toBeInTheDocument();
    missing.unmount();
    stubStore({ 'GET /api/admin/banner/detail': { status: 500, body: { code: -1, message: '', data: null } } });
    renderApp('/admin/banner/detail?id=3', { session: admin });
    expect(await screen.findByText('Failed to get banner data')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
