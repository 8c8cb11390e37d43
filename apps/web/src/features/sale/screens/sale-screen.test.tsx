import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { card, cards, stubStore } from '../../../test/content-stub';

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
    // The picture carries no words: the title is the page's heading, laid over it as text.
    const banner = document.querySelector('picture img');
    expect(banner).toHaveAttribute('src', '/content/assets/laptop-file');
    expect(banner).toHaveAttribute('alt', '');
    expect(banner?.closest('picture')?.querySelector('source')).toHaveAttribute('srcset', '/content/assets/mobile-file');
    expect(screen.getByRole('heading', { level: 1, name: 'Festive Sale' })).toBeVisible();
    expect(screen.getByText('festive-sale')).toBeInTheDocument();
    const grid = await screen.findByRole('list', { name: 'Sale items' });
    expect(within(grid).getAllByRole('article')).toHaveLength(3);
    const call = stub.itemCalls()[0]!;
    expect(call.filter).toEqual({ tags: { _eq: 'festive-sale' } });
    expect(call.params.get('limit')).toBe('40');
  });

  it("says 'Up to N% off' with the deepest markdown among its items, and 'Shop the sale' brings the items into view", async () => {
    const items = [card(1, { price: 900, market_price: 1000 }), card(2, { price: 600, market_price: 1000 }), card(3, { price: 700, market_price: null })];
    stubStore({ content: () => ({ body: { data: items } }), api: { 'GET /api/home/sales/active': SALES } });
    renderApp('/sale/festive-sale');
    expect(await screen.findByText('Up to 40% off')).toBeVisible();
    const grid = await screen.findByRole('list', { name: 'Sale items' });
    const scrolled: Element[] = [];
    const original = Element.prototype.scrollIntoView;
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Shop the sale' }));
    Element.prototype.scrollIntoView = original;
    expect(scrolled).toHaveLength(1);
    expect(scrolled[0]).toContainElement(grid);
    expect(document.activeElement).toBe(scrolled[0]);
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
