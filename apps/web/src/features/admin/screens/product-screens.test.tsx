import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore } from '../../../test/store-stub';
import { admin, catalog, product, productRows } from '../test-fixtures';
import './products-list-screen';
import './product-detail-screen';
import '../layout/admin-layout';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const pageOf = (from: number, count: number) => Array.from({ length: count }, (_, n) => product(from + n));

describe('admin-products (spec 3 §4, §9)', () => {
  it('appends the next page on Load more, keeps the route at limit = rows loaded, offset 0, and hides Load after a short page', async () => {
    const api = stubStore({
      'GET /api/admin/catalog/list': envelope([catalog(1)]),
      'GET /api/admin/products/fabrics': (call) =>
        envelope(call.query.get('offset') === '0' ? pageOf(1, 10) : pageOf(11, 4)),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products/fabrics?catalog=Catalog%201', { session: admin });
    await screen.findByRole('link', { name: 'Product 10' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Product 14' });
    expect(screen.getByRole('link', { name: 'Product 1' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe('?catalog=Catalog+1&limit=14&offset=0'));
    const calls = api.callsTo('GET', '/api/admin/products/fabrics');
    expect(calls.map((call) => [call.query.get('catalog'), call.query.get('limit'), call.query.get('offset')])).toEqual([
      ['Catalog 1', '10', '0'],
      ['Catalog 1', '10', '10'],
    ]);
  });

  it('offers the page sizes 10, 20, 30, 50, 75, 100 and starts again with the chosen one', async () => {
    const api = stubStore({ 'GET /api/admin/catalog/list': envelope([]), 'GET /api/admin/products/all': envelope(pageOf(1, 3)) });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/products', { session: admin });
    await screen.findByRole('link', { name: 'Product 3' });
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const size = screen.getByLabelText('Page size');
    expect(within(size).getAllByRole('option').map((option) => option.textContent)).toEqual(['10', '20', '30', '50', '75', '100']);
    await user.selectOptions(size, '50');
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/products/all'));
    expect(router.state.location.search).toBe('?catalog=all&limit=50&offset=0');
    await waitFor(() => expect(api.callsTo('GET', '/api/admin/products/all').at(-1)?.query.get('limit')).toBe('50'));
  });

  it("shows 'Failed to get products list' with Try Again, and 'No Data Available in tables'", async () => {
    let calls = 0;
    stubStore({
      'GET /api/admin/catalog/list': envelope([]),
      'GET /api/admin/products/all': () => (++calls === 1 ? { status: 500, body: { code: -1, message: '', data: null } } : envelope([])),
    });
    const user = userEvent.setup();
    renderApp('/admin/products', { session: admin });
    expect(await screen.findByText('Failed to get products list')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('No Data Available in tables')).toBeInTheDocument();
  });
});

describe('products-detail (spec 3 §3, §5)', () => {
  it("warns 'Invalid shop details.' then 'Invalid product details.' for an empty shop, and asks nothing", async () => {
    const api = stubStore({ 'GET /api/admin/catalog/list': envelope([catalog(1)]) });
    const user = userEvent.setup();
    renderApp('/admin/product/add', { session: admin });
    const form = await screen.findByRole('form', { name: 'Add product' });
    expect(within(form).getByLabelText('Price')).toHaveAttribute('step', '0.01');
    expect(within(form).getByLabelText('Market price (optional)')).toHaveAttribute('step', '0.01');
    await user.type(within(form).getByLabelText('Title'), 'Silk Saree');
    await user.type(within(form).getByLabelText('Thumbnail image URL'), 'https://img.example.com/s.jpg');
    await screen.findByRole('option', { name: 'Catalog 1' });
    await user.selectOptions(within(form).getByLabelText('Catalog'), 'Catalog 1');
    await user.type(within(form).getByLabelText('Price'), '1499.5');
    await user.type(within(form).getByLabelText('Quantity'), '3');
    await user.type(within(form).getByLabelText('Description (points separated by >)'), 'Pure silk > Handwoven');
    await user.click(within(form).getByRole('button', { name: 'Add Product' }));
    await screen.findAllByText('Invalid product details.');
    const toasts = screen.getAllByText(/^Invalid (shop|product) details\.$/);
    expect(toasts.filter((toast) => toast.closest('[data-type]')).map((toast) => [toast.textContent?.replace(/^Warning: /, ''), toastType(toast)])).toEqual([
      ['Invalid shop details.', 'warning'],
      ['Invalid product details.', 'warning'],
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.selectOptions(within(form).getByLabelText('Shop'), 'Jewel');
    await user.click(within(form).getByRole('button', { name: 'Add Product' }));
    expect(screen.getByRole('dialog', { name: 'Add this product?' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/product/add')).toHaveLength(0);
  });

  it("warns 'Invalid catalog details.' then 'Invalid product details.' for an empty catalog", async () => {
    stubStore({ 'GET /api/admin/catalog/list': envelope([catalog(1)]) });
    const user = userEvent.setup();
    renderApp('/admin/product/add', { session: admin });
    const form = await screen.findByRole('form', { name: 'Add product' });
    await user.selectOptions(within(form).getByLabelText('Shop'), 'Fabrics');
    await user.click(within(form).getByRole('button', { name: 'Add Product' }));
    const catalogToast = await screen.findAllByText('Invalid catalog details.');
    expect(catalogToast.some((toast) => toastType(toast) === 'warning')).toBe(true);
    expect(screen.queryAllByText('Invalid shop details.').filter((toast) => toastType(toast))).toHaveLength(0);
    expect(screen.getAllByText('Invalid product details.').some((toast) => toastType(toast) === 'warning')).toBe(true);
  });

  it('reads one row per tag and image, and updates with tags as [id, tag] pairs and images as [id, url, title] triples', async () => {
    const api = stubStore({
      'GET /api/admin/catalog/list': envelope([catalog(1)]),
      'GET /api/admin/product/detail': envelope(productRows(5, ['silk', 'wedding'], [['https://img.example.com/a.jpg', 'Front']])),
      'PATCH /api/admin/product/update': envelope(null, 1, 'Product updated successfully.'),
    });
    const user = userEvent.setup();
    renderApp('/admin/product/update?id=5', { session: admin });
    const form = await screen.findByRole('form', { name: 'Update product' });
    expect(within(form).getByLabelText('Tags (comma separated)')).toHaveValue('silk, wedding');
    const images = within(form).getByLabelText('Images (URL ~ title, comma separated)');
    expect(images).toHaveValue('https://img.example.com/a.jpg ~ Front');
    await user.type(images, ', https://img.example.com/b.jpg ~ Back');
    const price = within(form).getByLabelText('Price');
    await user.clear(price);
    await user.type(price, '1099.25');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Save changes to this product?' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Product updated successfully.')).toBeInTheDocument();
    expect(api.callsTo('PATCH', '/api/admin/product/update')[0]?.body).toMatchObject({
      id: 5,
      price: 1099.25,
      quantity: 4,
      shop: 'fabrics',
      tags: [
        [5, 'silk'],
        [5, 'wedding'],
      ],
      images: [
        [5, 'https://img.example.com/a.jpg', 'Front'],
        [5, 'https://img.example.com/b.jpg', 'Back'],
      ],
    });
  });

  it("says 'Failed to get product details' with Try Again", async () => {
    stubStore({ 'GET /api/admin/product/detail': { status: 500, body: { code: -1, message: '', data: null } } });
    renderApp('/admin/product/detail?id=5', { session: admin });
    expect(await screen.findByText('Failed to get product details')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
