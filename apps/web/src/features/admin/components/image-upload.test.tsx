import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi, type Mock } from 'vitest';
import { toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore } from '../../../test/store-stub';
import { admin, banner, catalog, productRows } from '../test-fixtures';
import '../screens/banner-detail-screen';
import '../screens/catalog-detail-screen';
import '../screens/product-detail-screen';
import '../layout/admin-layout';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const ID = '6f1c2a4e-8b1d-4c3e-9f00-123456789abc';
const uploaded = (filename = 'diwali.png') => ({ id: ID, path: `/content/assets/${ID}`, filename, type: 'image/png', filesize: 4, width: 6, height: 7 });
const png = (name = 'diwali.png', bytes = 4) => new File([new Uint8Array(bytes)], name, { type: 'image/png' });

/** What the upload sent to fetch (the store stub records only JSON bodies). */
function uploadRequests() {
  return (fetch as unknown as Mock).mock.calls
    .filter(([input]) => String(input).startsWith('/api/admin/files'))
    .map(([input, init]) => ({ url: String(input), init: init as RequestInit }));
}

describe('image upload in the admin forms (issue 11, "Images")', () => {
  it('uploads the chosen file with the session’s headers, puts the answered path in the banner image field, and saving sends it', async () => {
    const api = stubStore({
      'POST /api/admin/files': envelope(uploaded(), 1, 'Image uploaded.'),
      'POST /api/admin/banner/add': envelope({ banner_id: 9 }, 1, 'Banner added successfully.'),
      'GET /api/admin/banner/list': envelope([banner(9)]),
    });
    const user = userEvent.setup();
    renderApp('/admin/banner/add', { session: admin });
    const form = await screen.findByRole('form', { name: 'Add banner' });
    const file = png('diwali sale.png');
    await user.upload(within(form).getByLabelText('Upload banner image'), file);

    expect(toastType(await screen.findByText('Image uploaded.'))).toBe('success');
    expect(within(form).getByLabelText('Banner image URL')).toHaveValue(`/content/assets/${ID}`);
    const [request] = uploadRequests();
    expect(request?.url).toBe('/api/admin/files?filename=diwali%20sale.png');
    expect(request?.init.method).toBe('POST');
    expect(request?.init.body).toBe(file);
    expect(request?.init.headers).toMatchObject({ Authorization: 'Bearer access-1', 'X-Refresh-Token': 'refresh-1', 'Content-Type': 'image/png' });

    await user.type(within(form).getByLabelText('Title'), 'Diwali');
    await user.click(within(form).getByRole('button', { name: 'Add Banner' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add this banner?' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Banner added successfully.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/banner/add')[0]?.body).toMatchObject({ title: 'Diwali', banner_image: `/content/assets/${ID}` });
  });

  it('shows the server’s refusal and leaves the field as it was', async () => {
    stubStore({ 'POST /api/admin/files': { status: 415, body: { code: 0, message: 'Only JPEG, PNG or WebP images can be uploaded.', data: null } } });
    const user = userEvent.setup();
    renderApp('/admin/catalog/add', { session: admin });
    const form = await screen.findByRole('form', { name: 'Add catalog' });
    await user.type(within(form).getByLabelText('Image URL'), 'https://img.example.com/c.jpg');
    await user.upload(within(form).getByLabelText('Upload catalog image'), png('page.png'));
    expect(toastType(await screen.findByText('Only JPEG, PNG or WebP images can be uploaded.'))).toBe('warning');
    expect(within(form).getByLabelText('Image URL')).toHaveValue('https://img.example.com/c.jpg');
  });

  it('does not send a file over 5 MB, and says so', async () => {
    stubStore({ 'POST /api/admin/files': envelope(uploaded(), 1, 'Image uploaded.') });
    const user = userEvent.setup();
    renderApp('/admin/catalog/add', { session: admin });
    const form = await screen.findByRole('form', { name: 'Add catalog' });
    await user.upload(within(form).getByLabelText('Upload catalog image'), png('huge.png', 5 * 1024 * 1024 + 1));
    expect(toastType(await screen.findByText('The image is too large (5 MB at most).'))).toBe('warning');
    expect(uploadRequests()).toHaveLength(0);
    expect(within(form).getByLabelText('Image URL')).toHaveValue('');
  });

  it('on a product, fills the thumbnail, and adds an uploaded image to the images as `URL ~ title`', async () => {
    stubStore({
      'GET /api/admin/catalog/list': envelope([catalog(1)]),
      'GET /api/admin/product/detail': envelope(productRows(5, [], [['https://img.example.com/a.jpg', 'Front']])),
      'POST /api/admin/files': envelope(uploaded('Back, side ~ view.png'), 1, 'Image uploaded.'),
    });
    const user = userEvent.setup();
    renderApp('/admin/product/update?id=5', { session: admin });
    const form = await screen.findByRole('form', { name: 'Update product' });
    await user.upload(within(form).getByLabelText('Upload thumbnail'), png());
    await waitFor(() => expect(within(form).getByLabelText('Thumbnail image URL')).toHaveValue(`/content/assets/${ID}`));
    await user.upload(within(form).getByLabelText('Upload an image'), png());
    await waitFor(() =>
      expect(within(form).getByLabelText('Images (URL ~ title, comma separated)')).toHaveValue(
        `https://img.example.com/a.jpg ~ Front, /content/assets/${ID} ~ Back side view`,
      ),
    );
  });
});
