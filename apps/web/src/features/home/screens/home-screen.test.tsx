import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { card, stubStore, type ContentCall } from '../../../test/content-stub';

const CATALOGS = {
  data: [
    { id: 1, title: 'Sarees', image: 'sarees-file' },
    { id: 4, title: 'Necklaces', image: 'https://cdn.example.in/necklaces.jpg' },
  ],
};
const SALES = {
  code: 1,
  message: 'Success',
  data: [
    {
      sale_id: 1,
      sale_name: 'Festive Sale',
      tag_name: 'festive-sale',
      banner_image: 'b',
      banner_image_mobile: 'bm',
      banner_image_laptop: 'bl',
      active_till: '2030-01-01T00:00:00Z',
    },
  ],
};
const TAGS = { code: 1, message: 'Success', data: [{ title: 'silk', count: 3 }] };

function homeContent(call: ContentCall) {
  if (call.path.endsWith('catalogs')) return { body: CATALOGS };
  if (call.path.endsWith('banners')) {
    return {
      body: {
        data: [{ banner_id: 1, title: 'Wedding Silk', banner_image: 'w', banner_image_mobile: null, banner_image_laptop: null, link: '/catalog/Sarees' }],
      },
    };
  }
  if (call.filter) return { body: { data: [card(50, { title: 'Trending Kundan' })] } };
  return {
    body: {
      data: [card(1, { title: 'New Saree', shop: 'fabrics' }), card(2, { title: 'New Jhumka', shop: 'jewel', catalog: 'Earrings' })],
    },
  };
}

describe('home (/)', () => {
  it('shows sale banners first, shop tiles, catalogs linked to their listing, and asks for the 15 newest items', async () => {
    const stub = stubStore({ content: homeContent, api: { 'GET /api/home/sales/active': SALES, 'GET /api/product/tags': TAGS } });
    renderApp('/');
    const featured = await screen.findByRole('region', { name: 'Featured' });
    const slides = within(featured).getAllByRole('group');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual(['1 of 2: Festive Sale', '2 of 2: Wedding Silk']);
    expect(within(featured).getByRole('link', { name: 'Festive Sale' })).toHaveAttribute('href', '/sale/festive-sale');
    expect(within(featured).getByRole('link', { name: 'Wedding Silk' })).toHaveAttribute('href', '/catalog/Sarees');

    const shopFor = screen.getByRole('region', { name: 'Shop for' });
    expect(within(shopFor).getByRole('link', { name: /Fabrics/ })).toHaveAttribute('href', '/fabrics');
    expect(within(shopFor).getByRole('link', { name: /Jewel/ })).toHaveAttribute('href', '/jewels');

    const catalogs = screen.getByRole('region', { name: 'Catalog' });
    expect(await within(catalogs).findByRole('link', { name: 'Sarees' })).toHaveAttribute('href', '/catalog/Sarees');
    for (const image of catalogs.querySelectorAll('img')) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width');
    }

    await screen.findByRole('link', { name: 'New Saree' });
    const newest = stub.itemCalls().find((call) => !call.filter)!;
    expect(newest.params.get('sort')).toBe('-created_on,-updated_on');
    expect(newest.params.get('limit')).toBe('15');
    expect(await screen.findByRole('link', { name: 'Trending Kundan' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /silk/ })).toHaveAttribute('href', '/search/c2lsaw');
  });

  it('narrows New Arrivals with the pills All, Fabrics, Jewel', async () => {
    stubStore({ content: homeContent, api: { 'GET /api/home/sales/active': SALES, 'GET /api/product/tags': TAGS } });
    renderApp('/');
    const arrivals = await screen.findByRole('region', { name: 'New Arrivals' });
    await within(arrivals).findByRole('link', { name: 'New Saree' });
    const user = userEvent.setup();
    await user.click(within(arrivals).getByRole('button', { name: 'Jewel' }));
    expect(within(arrivals).getByRole('button', { name: 'Jewel' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(arrivals).queryByRole('link', { name: 'New Saree' })).not.toBeInTheDocument();
    expect(within(arrivals).getByRole('link', { name: 'New Jhumka' })).toBeInTheDocument();
    await user.click(within(arrivals).getByRole('button', { name: 'All' }));
    expect(within(arrivals).getByRole('link', { name: 'New Saree' })).toBeInTheDocument();
  });

  it("says 'Unable to connect to our server' with Try Again when the content service fails", async () => {
    let fail = true;
    stubStore({
      content: (call) => (fail ? { status: 503, body: { errors: [] } } : homeContent(call)),
      api: { 'GET /api/home/sales/active': SALES, 'GET /api/product/tags': TAGS },
    });
    renderApp('/');
    const catalogs = await screen.findByRole('region', { name: 'Catalog' });
    expect(await within(catalogs).findByRole('alert')).toHaveTextContent('Unable to connect to our server');
    fail = false;
    await userEvent.setup().click(within(catalogs).getByRole('button', { name: 'Try Again' }));
    expect(await within(catalogs).findByRole('link', { name: 'Necklaces' })).toBeInTheDocument();
  });

  it('shows skeletons while loading', async () => {
    stubStore({ content: () => new Promise(() => {}), api: {} });
    renderApp('/');
    expect(await screen.findByRole('status', { name: 'Loading catalogs' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading banners' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'Loading New Arrivals' })).toBeInTheDocument();
  });
});
