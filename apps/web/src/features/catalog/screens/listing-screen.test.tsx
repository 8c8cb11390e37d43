import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { cards, installIntersectionObserver, stubStore, type ContentCall } from '../../../test/content-stub';
import { listingService, stubItem } from '../listing-content.test-helpers';

const CATALOG_TITLES = { data: ['Sarees', 'Suits', 'Necklaces'].map((title) => ({ title })) };

/** Items: `pages` full pages of 10, then `last` items. */
function listingContent({ pages = 1, last = 3 } = {}) {
  return (call: ContentCall) => {
    if (call.path === '/content/items/catalogs') return { body: CATALOG_TITLES };
    const offset = Number(call.params.get('offset'));
    const page = offset / 10;
    return { body: { data: page < pages ? cards(offset + 1, 10) : cards(offset + 1, last) } };
  };
}

/** The reads of product cards (not the counts, fields id, nor the sidebar's catalog checks). */
const cardReads = (stub: ReturnType<typeof stubStore>) => stub.itemCalls().filter((call) => call.params.get('fields') !== 'id');

async function openFilters(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Filters' }));
  return screen.findByRole('dialog', { name: 'Filters' });
}

describe('listing screens', () => {
  it('titles the screens and asks for the card fields, page 10 from offset 0, newest first, the shop filter', async () => {
    const stub = stubStore({ content: listingContent({ pages: 0, last: 3 }) });
    renderApp('/fabrics');
    expect(await screen.findByRole('heading', { level: 1, name: 'Fabrics' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Item 1' });
    await waitFor(() => expect(document.title).toBe('Fabrics | SSD'));
    const call = cardReads(stub)[0]!;
    expect(call.params.get('fields')).toBe('id,title,catalog,shop,price,market_price,thumbnail_image,quantity');
    expect(call.params.get('limit')).toBe('10');
    expect(call.params.get('offset')).toBe('0');
    // Under the default sort the in-stock products come first, newest first, in one read (docs/decisions/0044).
    expect(call.params.get('sort')).toBe('-in_stock,-created_on');
    expect(call.params.get('meta')).toBe('filter_count');
    expect(call.filter).toEqual({ _and: [{ shop: { _icontains: 'fabrics' } }] });
    expect(screen.getByText('Sorted by: Relevance')).toBeInTheDocument();
  });

  it("titles a catalog '{title} | SSD' and /jewel opens the jewel store", async () => {
    const stub = stubStore({ content: listingContent({ pages: 0 }) });
    renderApp('/catalog/Sarees');
    await screen.findByRole('link', { name: 'Item 1' });
    await waitFor(() => expect(document.title).toBe('Sarees | SSD'));
    expect(cardReads(stub)[0]!.filter).toEqual({ _and: [{ catalog: { _in: ['Sarees'] } }] });
  });

  it('shows the card: link to the product, out-of-stock badge, price and market price only when greater', async () => {
    stubStore({
      content: (call) =>
        call.path === '/content/items/items'
          ? {
              body: {
                data: [
                  { ...cards(1, 1)[0], title: 'Silk Saree', quantity: 0, price: 1500, market_price: 2000 },
                  { ...cards(2, 1)[0], title: 'Cotton Saree', quantity: 3, price: 1500, market_price: 1500 },
                ],
              },
            }
          : { body: CATALOG_TITLES },
    });
    renderApp('/jewel');
    const silk = await screen.findByRole('article', { name: 'Silk Saree' });
    expect(within(silk).getByRole('link', { name: 'Silk Saree' })).toHaveAttribute('href', '/product/1/U2lsayBTYXJlZQ');
    expect(within(silk).getByText('Out of stock')).toBeInTheDocument();
    expect(within(silk).getByText('₹2,000.00')).toBeInTheDocument();
    const cotton = screen.getByRole('article', { name: 'Cotton Saree' });
    expect(within(cotton).queryByText('Out of stock')).not.toBeInTheDocument();
    expect(within(cotton).getAllByText('₹1,500.00')).toHaveLength(1);
    expect(cotton.querySelector('img')).toHaveAttribute('width');
  });

  it('rewrites the address query with replace after the load, and restores the state from it on reload', async () => {
    const stub = stubStore({ content: listingContent({ pages: 0 }) });
    const { router } = renderApp(['/', '/jewels']);
    await screen.findByRole('link', { name: 'Item 1' });
    await waitFor(() => expect(router.state.location.search).toBe('?sorted=relevance&shop=jewel'));
    expect(router.state.historyAction).toBe('REPLACE');

    const user = userEvent.setup();
    const dialog = await openFilters(user);
    await user.click(within(dialog).getByRole('checkbox', { name: 'In Stock' }));
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Min' }), '1000');
    await user.type(within(dialog).getByPlaceholderText('Comma separated (e.g., silk, party)'), ' kundan, ,gold ');
    await user.click(within(dialog).getByRole('radio', { name: 'Price: high to low' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() =>
      expect(new URLSearchParams(router.state.location.search).get('sorted')).toBe('price --high to low'),
    );
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('availability')).toBe('in_stock');
    expect(params.get('min')).toBe('1000');
    expect(params.has('max')).toBe(false);
    expect(params.get('tags')).toBe('kundan,gold');
    expect(router.state.historyAction).toBe('REPLACE');
    // Back leaves the listing: no history entry per filter change.
    expect(router.state.location.pathname).toBe('/jewels');

    await waitFor(() => expect(stub.itemCalls().at(-1)!.params.get('sort')).toBe('-price'));
    const applied = stub.itemCalls().at(-1)!;
    expect(applied.params.get('offset')).toBe('0');
    expect(applied.filter).toEqual({
      _and: [
        { shop: { _icontains: 'jewel' } },
        { quantity: { _gt: 0 } },
        { _or: [{ tags: { _icontains: 'kundan' } }, { tags: { _icontains: 'gold' } }] },
        { price: { _gte: 1000 } },
      ],
    });
  });

  it('restores filters from a shared link', async () => {
    const stub = stubStore({ content: listingContent({ pages: 0 }) });
    renderApp('/fabrics?sorted=price%20--low%20to%20high&catalog=Sarees,Suits&shop=fabrics&availability=in_stock&max=5000&tags=silk');
    await screen.findByRole('link', { name: 'Item 1' });
    const call = stub.itemCalls()[0]!;
    expect(call.params.get('sort')).toBe('price');
    expect(call.filter).toEqual({
      _and: [
        { catalog: { _in: ['Sarees', 'Suits'] } },
        { shop: { _icontains: 'fabrics' } },
        { quantity: { _gt: 0 } },
        { _or: [{ tags: { _icontains: 'silk' } }] },
        { price: { _lte: 5000 } },
      ],
    });
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    expect(within(chips).getByText('Sorted by: Price: low to high')).toBeInTheDocument();
    expect(within(chips).getByText('In Stock')).toBeInTheDocument();
    expect(within(chips).getByText('Sarees')).toBeInTheDocument();
    const user = userEvent.setup();
    const dialog = await openFilters(user);
    expect(within(dialog).getByRole('checkbox', { name: 'In Stock' })).toBeChecked();
    expect(within(dialog).getByRole('spinbutton', { name: 'Max' })).toHaveValue(5000);
    expect(await within(dialog).findByRole('checkbox', { name: 'Suits' })).toBeChecked();
  });

  it('ignores a price bound that is not numeric', async () => {
    const stub = stubStore({ content: listingContent({ pages: 0 }) });
    renderApp('/fabrics?min=abc&max=');
    await screen.findByRole('link', { name: 'Item 1' });
    expect(cardReads(stub)[0]!.filter).toEqual({ _and: [{ shop: { _icontains: 'fabrics' } }] });
  });

  it.each<[string, string[], string[]]>([
    ['/catalog/Sarees?catalog=Suits&shop=jewel&availability=in_stock&sorted=newest%20first', ['Sarees'], []],
    ['/fabrics?catalog=Suits&shop=jewel&availability=in_stock&sorted=newest%20first', [], ['fabrics']],
    ['/jewels?catalog=Suits&shop=fabrics&availability=in_stock&sorted=newest%20first', [], ['jewel']],
  ])('Clear on %s resets the filters, sort relevance, catalog %j and shop %j', async (path, catalogs, shops) => {
    const stub = stubStore({ content: listingContent({ pages: 0 }) });
    const { router } = renderApp(path);
    await screen.findByRole('link', { name: 'Item 1' });
    const user = userEvent.setup();
    const dialog = await openFilters(user);
    await within(dialog).findByRole('checkbox', { name: 'Suits' });
    await user.click(within(dialog).getByRole('button', { name: 'Clear' }));
    expect(within(dialog).getByRole('checkbox', { name: 'In Stock' })).not.toBeChecked();
    expect(within(dialog).getByRole('radio', { name: 'Relevance' })).toBeChecked();
    for (const title of ['Sarees', 'Suits', 'Necklaces']) {
      expect(within(dialog).getByRole('checkbox', { name: title })).toHaveProperty('checked', catalogs.includes(title));
    }
    expect(within(dialog).getByRole('checkbox', { name: 'Fabrics' })).toHaveProperty('checked', shops.includes('fabrics'));
    expect(within(dialog).getByRole('checkbox', { name: 'Jewel' })).toHaveProperty('checked', shops.includes('jewel'));

    const before = cardReads(stub).length;
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(cardReads(stub).length).toBeGreaterThan(before));
    const call = cardReads(stub).at(-1)!;
    expect(call.params.get('offset')).toBe('0');
    expect(call.params.get('limit')).toBe('10');
    // Relevance: in stock first, newest first, in one read; In Stock unticked filters nothing out.
    expect(call.params.get('sort')).toBe('-in_stock,-created_on');
    const expected = [...(catalogs.length ? [{ catalog: { _in: catalogs } }] : []), ...(shops.length ? [{ shop: { _icontains: shops[0] } }] : [])];
    expect(call.filter).toEqual({ _and: expected });
    const params = new URLSearchParams(router.state.location.search);
    expect(params.get('sorted')).toBe('relevance');
    expect(params.has('availability')).toBe(false);
  });

  it('Apply with unchanged filters reloads from the first page', async () => {
    const stub = stubStore({ content: listingContent({ pages: 0 }) });
    renderApp('/fabrics');
    await screen.findByRole('link', { name: 'Item 1' });
    const user = userEvent.setup();
    const before = cardReads(stub).length;
    const dialog = await openFilters(user);
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(cardReads(stub).length).toBe(before + 1));
    expect(cardReads(stub).at(-1)!.params.get('offset')).toBe('0');
  });

  it('closes the sidebar on Escape, the close icon and an outside click, and returns focus to Filters', async () => {
    stubStore({ content: listingContent({ pages: 0 }) });
    renderApp('/fabrics');
    await screen.findByRole('link', { name: 'Item 1' });
    const user = userEvent.setup();
    const filters = screen.getByRole('button', { name: 'Filters' });

    let dialog = await openFilters(user);
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(document.body.style.overflow).toBe('hidden');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(filters).toHaveFocus();
    expect(document.body.style.overflow).toBe('');

    dialog = await openFilters(user);
    await user.click(within(dialog).getByRole('button', { name: 'Close filters' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await openFilters(user);
    await user.click(screen.getByTestId('drawer-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('keeps the focus inside the sidebar while tabbing', async () => {
    stubStore({ content: listingContent({ pages: 0 }) });
    renderApp('/fabrics');
    await screen.findByRole('link', { name: 'Item 1' });
    const user = userEvent.setup();
    const dialog = await openFilters(user);
    await within(dialog).findByRole('checkbox', { name: 'Suits' });
    within(dialog).getByRole('button', { name: 'Apply Filters' }).focus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Close filters' })).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Apply Filters' })).toHaveFocus();
  });

  it("shows 'Loading...' and then 'No data found.' while there are no catalogs", async () => {
    let answerCatalogs: (value: unknown) => void = () => {};
    stubStore({
      content: (call) =>
        call.path === '/content/items/catalogs'
          ? new Promise((resolve) => {
              answerCatalogs = () => resolve({ body: { data: [] } });
            })
          : { body: { data: cards(1, 2) } },
    });
    renderApp('/fabrics');
    await screen.findByRole('link', { name: 'Item 1' });
    const dialog = await openFilters(userEvent.setup());
    expect(within(dialog).getByText('Loading...')).toBeInTheDocument();
    answerCatalogs(null);
    expect(await within(dialog).findByText('No data found.')).toBeInTheDocument();
  });

  it('shows the empty text with Open Filters', async () => {
    stubStore({ content: (call) => ({ body: call.path.endsWith('catalogs') ? CATALOG_TITLES : { data: [] } }) });
    renderApp('/fabrics');
    expect(await screen.findByText('No matching products found. Try adjusting your filters.')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open Filters' }));
    expect(await screen.findByRole('dialog', { name: 'Filters' })).toBeInTheDocument();
  });

  it('shows the connection failure panel on a failed first load, and Try Again reloads', async () => {
    let fail = true;
    stubStore({
      content: (call) => {
        if (call.path.endsWith('catalogs')) return { body: CATALOG_TITLES };
        return fail ? new TypeError('Failed to fetch') : { body: { data: cards(1, 2) } };
      },
    });
    renderApp('/catalog/Sarees');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We’re having trouble connecting to the server. Please check your internet connection and try again.',
    );
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('link', { name: 'Item 2' })).toBeInTheDocument();
  });

  it('loads the next page when the end marker shows (margin 25 px) and stops after a short page', async () => {
    const io = installIntersectionObserver();
    const stub = stubStore({ content: listingContent({ pages: 2, last: 4 }) });
    renderApp('/fabrics');
    await screen.findByRole('link', { name: 'Item 10' });
    expect(cardReads(stub)).toHaveLength(1);
    const marker = screen.getByTestId('end-marker');
    const observer = [...io.observers].find((entry) => entry.nodes.has(marker))!;
    expect(observer.options?.rootMargin).toBe('25px');

    io.intersectAll();
    await screen.findByRole('link', { name: 'Item 20' });
    expect(cardReads(stub)[1]!.params.get('offset')).toBe('10');
    // Only the first page asks for the count.
    expect(cardReads(stub)[1]!.params.get('meta')).toBeNull();
    io.intersectAll();
    await screen.findByRole('link', { name: 'Item 24' });
    expect(cardReads(stub)[2]!.params.get('offset')).toBe('20');

    // The page of 4 (< 10) was the last one (and nothing is out of stock): no more loads.
    io.intersectAll();
    io.intersectAll();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(cardReads(stub)).toHaveLength(3);
    expect(screen.getAllByRole('article')).toHaveLength(24);
  });

  it('shows the skeleton grid on the first load', async () => {
    stubStore({ content: () => new Promise(() => {}) });
    renderApp('/fabrics');
    const loading = await screen.findByRole('status', { name: 'Loading products' });
    expect(within(loading).getAllByTestId('product-card-skeleton')).toHaveLength(10);
  });
});

const titlesInGrid = () => screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));

describe('in-stock first, the count and removable chips (issue 12 item 6)', () => {
  it('shows in-stock products first under the default sort, then the out-of-stock ones, and counts them all, one read a page', async () => {
    const io = installIntersectionObserver();
    // 15 fabrics, newest last; the two newest are out of stock, and one jewel that is not counted.
    const items = [
      ...Array.from({ length: 15 }, (_, index) => stubItem(index + 1, { quantity: index + 1 >= 14 ? 0 : 3 })),
      stubItem(16, { shop: 'jewel', catalog: 'Necklaces' }),
    ];
    const stub = stubStore({ content: listingService(items) });
    renderApp('/fabrics');
    await screen.findByRole('link', { name: 'Item 13' });
    expect(stub.itemCalls()).toHaveLength(1);
    expect(screen.getByText('15 products')).toHaveAttribute('role', 'status');
    expect(titlesInGrid()).toEqual(['Item 13', 'Item 12', 'Item 11', 'Item 10', 'Item 9', 'Item 8', 'Item 7', 'Item 6', 'Item 5', 'Item 4']);

    // The second page: the last in-stock products, then the out-of-stock ones, newest first.
    io.intersectAll();
    await screen.findByRole('link', { name: 'Item 14' });
    expect(titlesInGrid().slice(10)).toEqual(['Item 3', 'Item 2', 'Item 1', 'Item 15', 'Item 14']);
    expect(stub.itemCalls().map((call) => [call.params.get('offset'), call.params.get('sort')])).toEqual([
      ['0', '-in_stock,-created_on'],
      ['10', '-in_stock,-created_on'],
    ]);
    const first = screen.getAllByRole('article')[0]!;
    expect(within(first).queryByText('Out of stock')).not.toBeInTheDocument();
  });

  it('shows the out-of-stock products, not the empty panel, when none is in stock', async () => {
    stubStore({ content: listingService([stubItem(1, { quantity: 0 }), stubItem(2, { quantity: 0 })]) });
    renderApp('/fabrics');
    await screen.findByRole('link', { name: 'Item 1' });
    expect(titlesInGrid()).toEqual(['Item 2', 'Item 1']);
    expect(screen.getByText('2 products')).toBeInTheDocument();
    expect(screen.queryByText('No matching products found. Try adjusting your filters.')).not.toBeInTheDocument();
  });

  it('with In Stock ticked, reads only the in-stock products, newest first, as the spec does', async () => {
    const stub = stubStore({ content: listingService([stubItem(1), stubItem(2, { quantity: 0 }), stubItem(3)]) });
    renderApp('/fabrics?availability=in_stock');
    await screen.findByRole('link', { name: 'Item 3' });
    expect(titlesInGrid()).toEqual(['Item 3', 'Item 1']);
    const [call] = cardReads(stub);
    expect(call!.params.get('sort')).toBe('-created_on');
    expect(call!.filter).toEqual({ _and: [{ shop: { _icontains: 'fabrics' } }, { quantity: { _gt: 0 } }] });
  });

  it('keeps the chosen sort as it is: by price, an out-of-stock product may come first', async () => {
    const items = [stubItem(1, { price: 500, quantity: 0 }), stubItem(2, { price: 900 })];
    stubStore({ content: listingService(items) });
    renderApp('/fabrics?sorted=price%20--low%20to%20high');
    await screen.findByRole('link', { name: 'Item 2' });
    expect(titlesInGrid()).toEqual(['Item 1', 'Item 2']);
    expect(screen.getByText('2 products')).toBeInTheDocument();
  });

  it('removes one chip at a time with its ×, keeps the others, and moves the focus to the next ×', async () => {
    const items = [
      stubItem(1, { price: 1500, tags: 'silk' }),
      stubItem(2, { price: 2500, tags: 'silk' }),
      stubItem(3, { price: 12000, tags: 'silk' }),
    ];
    const stub = stubStore({ content: listingService(items) });
    const { router } = renderApp('/fabrics?min=2000&max=10000&tags=silk');
    await screen.findByRole('link', { name: 'Item 2' });
    expect(screen.getByText('1 product')).toBeInTheDocument();
    const chips = screen.getByRole('list', { name: 'Applied filters' });
    // 'Sorted by' always stays: it has no ×.
    expect(within(chips).getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual([
      'Remove filter Fabrics',
      'Remove filter Min ₹2,000',
      'Remove filter Max ₹10,000',
      'Remove filter Tag: silk',
    ]);

    const user = userEvent.setup();
    await user.click(within(chips).getByRole('button', { name: 'Remove filter Min ₹2,000' }));
    await screen.findByRole('link', { name: 'Item 1' });
    expect(screen.getByText('2 products')).toBeInTheDocument();
    const params = new URLSearchParams(router.state.location.search);
    expect(params.has('min')).toBe(false);
    expect(params.get('max')).toBe('10000');
    expect(params.get('tags')).toBe('silk');
    expect(within(chips).queryByText('Min ₹2,000')).not.toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Remove filter Max ₹10,000' })).toHaveFocus();
    expect(cardReads(stub).at(-1)!.params.get('offset')).toBe('0');

    await user.click(within(chips).getByRole('button', { name: 'Remove filter Max ₹10,000' }));
    await screen.findByRole('link', { name: 'Item 3' });
    expect(screen.getByText('3 products')).toBeInTheDocument();
    expect(within(chips).getByRole('button', { name: 'Remove filter Tag: silk' })).toHaveFocus();
  });

  it.each<[string, string[]]>([
    ['/fabrics', ['Sarees', 'Suits']],
    ['/jewels', ['Necklaces']],
    ['/catalog/Sarees', ['Sarees', 'Suits', 'Lehengas', 'Necklaces']],
  ])("offers on %s only the catalogs with products in the listing's shop: %j", async (path, offered) => {
    const items = [
      stubItem(1, { catalog: 'Sarees' }),
      stubItem(2, { catalog: 'Suits' }),
      stubItem(3, { catalog: 'Necklaces', shop: 'jewel' }),
    ];
    stubStore({ content: listingService(items, ['Sarees', 'Suits', 'Lehengas', 'Necklaces']) });
    renderApp(path);
    await screen.findAllByRole('article');
    const dialog = await openFilters(userEvent.setup());
    await within(dialog).findByRole('checkbox', { name: offered[0] });
    const catalogSection = within(dialog).getByText('Catalog').closest('details')!;
    expect(within(catalogSection).getAllByRole('checkbox').map((box) => box.closest('label')!.textContent)).toEqual(offered);
  });

  it('follows the shops ticked in the sidebar, and keeps a ticked catalog that is not in them', async () => {
    const items = [stubItem(1, { catalog: 'Sarees' }), stubItem(2, { catalog: 'Necklaces', shop: 'jewel' })];
    stubStore({ content: listingService(items, ['Sarees', 'Suits', 'Necklaces']) });
    renderApp('/fabrics?catalog=Suits');
    const user = userEvent.setup();
    await screen.findByText('No matching products found. Try adjusting your filters.');
    const dialog = await openFilters(user);
    const section = () => within(within(dialog).getByText('Catalog').closest('details')!);
    await section().findByRole('checkbox', { name: 'Sarees' });
    expect(section().getByRole('checkbox', { name: 'Suits' })).toBeChecked();
    expect(section().queryByRole('checkbox', { name: 'Necklaces' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Jewel' }));
    expect(await section().findByRole('checkbox', { name: 'Necklaces' })).toBeInTheDocument();
  });
});
