import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { cards, stubStore } from '../../../test/content-stub';

const SALES = {
  code: 1,
  message: 'Success',
  data: [
    {
      sale_id: 1,
      sale_name: 'Festive Sale',
      tag_name: 'festive-sale',
      banner_image: 'main-file',
      banner_image_mobile: 'mobile-file',
      banner_image_laptop: 'laptop-file',
      active_till: '2026-12-21T20:16:54.636Z',
    },
  ],
};

describe('sale page (/sale/{tag})', () => {
  it("shows the banner variants, the tag chip, 'Ends {date}' and 40 items tagged exactly with the tag", async () => {
    const stub = stubStore({ content: () => ({ body: { data: cards(1, 3) } }), api: { 'GET /api/home/sales/active': SALES } });
    renderApp('/sale/festive-sale');
    expect(await screen.findByText('Ends 22 Dec 2026')).toBeInTheDocument();
    const banner = screen.getByRole('img', { name: 'Festive Sale' });
    expect(banner).toHaveAttribute('src', '/content/assets/laptop-file');
    expect(banner.closest('picture')?.querySelector('source')).toHaveAttribute('srcset', '/content/assets/mobile-file');
    expect(screen.getByText('festive-sale')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Sale items' });
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    const call = stub.itemCalls()[0]!;
    expect(call.filter).toEqual({ tags: { _eq: 'festive-sale' } });
    expect(call.params.get('limit')).toBe('40');
  });

  it('shows the title when the sale has no banner, and 8 skeleton cards while loading', async () => {
    stubStore({
      content: () => new Promise(() => {}),
      api: {
        'GET /api/home/sales/active': {
          ...SALES,
          data: [{ ...SALES.data[0], banner_image: null, banner_image_mobile: null, banner_image_laptop: null }],
        },
      },
    });
    renderApp('/sale/festive-sale');
    expect(await screen.findByRole('heading', { level: 1, name: 'Festive Sale' })).toBeVisible();
    const loading = screen.getByRole('status', { name: 'Loading sale items' });
    expect(within(loading).getAllByTestId('product-card-skeleton')).toHaveLength(8);
  });

  it("says 'No items found for this sale.' when it has none", async () => {
    stubStore({ content: () => ({ body: { data: [] } }), api: { 'GET /api/home/sales/active': SALES } });
    renderApp('/sale/festive-sale');
    expect(await screen.findByText('No items found for this sale.')).toBeInTheDocument();
  });

  it("toasts 'Failed to load sale items.' when the items cannot be read", async () => {
    stubStore({ content: () => new TypeError('Failed to fetch'), api: { 'GET /api/home/sales/active': SALES } });
    renderApp('/sale/festive-sale');
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Failed to load sale items.'));
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });
});
