import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { encodeBase64Url } from '@ssd/shared/base64';
import { renderApp } from '../../../test/render-app';
import { cards, stubStore, type ContentCall } from '../../../test/content-stub';
import { readRecentSearches, RECENT_SEARCHES_KEY } from '../../../lib/recent-searches';

const TAGS = { code: 1, message: 'Success', data: [{ title: 'silk', count: 12 }, { title: 'kundan', count: 4 }] };

function searchContent(total = 23, shown = 10) {
  return (call: ContentCall) => {
    if (call.path.endsWith('catalogs')) return { body: { data: [{ title: 'Sarees' }, { title: 'Earrings' }] } };
    return { body: { data: cards(Number(call.params.get('offset')) + 1, shown), meta: { filter_count: total } } };
  };
}

describe('search results (/search/{id})', () => {
  it("shows 'Showing results for {text}' and 'Showing X of Y result(s)', searching by relevance without a sort", async () => {
    const stub = stubStore({ content: searchContent(23, 10) });
    const { router } = renderApp(`/search/${encodeBase64Url('silk saree')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Showing results for silk saree' })).toBeInTheDocument();
    expect(await screen.findByText('Showing 10 of 23 result(s)')).toBeInTheDocument();
    const call = stub.itemCalls()[0]!;
    expect(call.params.get('search')).toBe('silk saree');
    // The first page also asks which spelling the server searched instead, if any (docs/decisions/0050).
    expect(call.params.get('meta')).toBe('filter_count,suggestion');
    expect(call.params.has('sort')).toBe(false);
    expect(call.params.get('limit')).toBe('10');
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('for')).toBe('silk saree'));
    expect(new URLSearchParams(router.state.location.search).get('sorted')).toBe('relevance');
    expect(readRecentSearches()[0]).toBe('silk saree');
  });

  it('keeps catalog, shop and sort in the address and applies them from the drawer', async () => {
    const stub = stubStore({ content: searchContent(3, 3) });
    const { router } = renderApp(`/search/${encodeBase64Url('jhumka')}?sorted=price%20--low%20to%20high&shop=jewel`);
    await screen.findByText('Showing 3 of 3 result(s)');
    expect(stub.itemCalls()[0]!.params.get('sort')).toBe('price');
    expect(stub.itemCalls()[0]!.filter).toEqual({ _and: [{ shop: { _icontains: 'jewel' } }] });

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).queryByRole('checkbox', { name: 'In Stock' })).not.toBeInTheDocument();
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Earrings' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Newest first' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('catalog')).toBe('Earrings'));
    expect(router.state.historyAction).toBe('REPLACE');
    await waitFor(() => expect(stub.itemCalls().at(-1)!.params.get('sort')).toBe('-created_on'));
    expect(stub.itemCalls().at(-1)!.filter).toEqual({
      _and: [{ catalog: { _in: ['Earrings'] } }, { shop: { _icontains: 'jewel' } }],
    });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    await screen.findByRole('dialog', { name: 'Filters' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows the text in an editable box with the other recent searches; a new text goes to its own address, an empty one nowhere', async () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['kundan', 'Silk Saree', 'banarasi', 'cotton']));
    stubStore({ content: searchContent(3, 3) });
    const { router } = renderApp(`/search/${encodeBase64Url('silk saree')}?sorted=relevance&shop=fabrics`);
    const box = await screen.findByRole('searchbox', { name: 'Search products' });
    expect(box).toHaveValue('silk saree');
    const recent = screen.getByRole('list', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('link').map((link) => link.textContent)).toEqual(['kundan', 'banarasi', 'cotton']);

    const user = userEvent.setup();
    await user.clear(box);
    await user.type(box, '   {Enter}');
    expect(router.state.location.pathname).toBe(`/search/${encodeBase64Url('silk saree')}`);

    await user.type(box, ' झुमका हार {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${encodeBase64Url('झुमका हार')}`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Showing results for झुमका हार' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search products' })).toHaveValue('झुमका हार');
    expect(readRecentSearches().slice(0, 2)).toEqual(['झुमका हार', 'silk saree']);
  });

  it('on zero results for the text names the query and offers Popular Tags and Trending Now', async () => {
    const stub = stubStore({
      content: (call) => {
        if (call.params.has('search')) return { body: { data: [], meta: { filter_count: 0 } } };
        return { body: { data: call.filter ? cards(1, 2) : [] } };
      },
      api: { 'GET /api/product/tags': TAGS },
    });
    renderApp(`/search/${encodeBase64Url('qwxzv')}`);
    expect(await screen.findByRole('heading', { level: 2, name: 'No products found for ‘qwxzv’.' })).toBeInTheDocument();
    expect(screen.getByText('Showing 0 of 0 result(s)')).toBeInTheDocument();
    expect(screen.queryByText('No matching products found. Try adjusting your filters.')).not.toBeInTheDocument();
    // No floating Filters button over the help's tags (a phone's short page could not scroll it away).
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    const tags = screen.getByRole('region', { name: 'Popular Tags' });
    expect(await within(tags).findByRole('link', { name: /kundan/ })).toHaveAttribute('href', `/search/${encodeBase64Url('kundan')}`);
    const trending = screen.getByRole('region', { name: 'Trending Now' });
    expect(await within(trending).findByRole('article', { name: 'Item 1' })).toBeInTheDocument();
    // No filters: one search call, no second look without them (besides asking for a spelling).
    expect(stub.itemCalls().filter((call) => call.params.has('search') && call.params.get('meta') !== 'suggestion')).toHaveLength(1);
    await waitFor(() => expect(stub.itemCalls().filter((call) => call.params.get('meta') === 'suggestion')).toHaveLength(1));
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it("on zero results offers 'Did you mean ‘{spelling}’?' when the server knows one, linking to that search", async () => {
    const stub = stubStore({
      content: (call) => {
        if (call.params.get('meta') === 'suggestion') return { body: { data: [], meta: { suggestion: 'silk' } } };
        if (call.params.get('search') === 'silk') return { body: { data: cards(1, 3), meta: { filter_count: 3 } } };
        if (call.params.has('search')) return { body: { data: [], meta: { filter_count: 0 } } };
        return { body: { data: [] } };
      },
      api: { 'GET /api/product/tags': TAGS },
    });
    const { router } = renderApp(`/search/${encodeBase64Url('silkk qwxzv')}`);
    await screen.findByRole('heading', { level: 2, name: 'No products found for ‘silkk qwxzv’.' });
    const offer = await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Did you mean ‘silk’?');
    const link = within(offer).getByRole('link', { name: '‘silk’' });
    expect(link).toHaveAttribute('href', `/search/${encodeBase64Url('silk')}`);
    const asked = stub.itemCalls().find((call) => call.params.get('meta') === 'suggestion')!;
    expect(Object.fromEntries(asked.params)).toMatchObject({ search: 'silkk qwxzv', limit: '0', fields: 'id' });

    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${encodeBase64Url('silk')}`));
    expect(await screen.findByText('Showing 3 of 3 result(s)')).toBeInTheDocument();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
  });

  it('asks for the spelling with the first page only, and says nothing when the text matched as typed', async () => {
    const stub = stubStore({
      content: (call) => ({ body: { data: cards(Number(call.params.get('offset')) + 1, 10), meta: { filter_count: 23, suggestion: null } } }),
    });
    renderApp(`/search/${encodeBase64Url('silk')}`);
    await screen.findByText('Showing 10 of 23 result(s)');
    expect(screen.queryByText(/instead/)).not.toBeInTheDocument();
    const pages = stub.itemCalls().filter((call) => call.params.get('search') === 'silk');
    expect(pages.map((call) => call.params.get('meta'))).toEqual(['filter_count,suggestion']);
    // No read of its own for a spelling.
    expect(stub.itemCalls()).toHaveLength(1);
  });

  it("says 'Showing results for ‘silk’ instead' above results the typo fallback found, linking to that search", async () => {
    const stub = stubStore({
      content: (call) => {
        const offset = Number(call.params.get('offset'));
        if (call.params.get('search') === 'silk') return { body: { data: cards(1, 4), meta: { filter_count: 4, suggestion: null } } };
        // 'silkk' matches nothing as typed; the server's fallback found 12, and names the spelling on the first page.
        const meta = call.params.get('meta') === 'filter_count,suggestion' ? { filter_count: 12, suggestion: 'silk' } : { filter_count: 12 };
        return { body: { data: cards(offset + 1, offset === 0 ? 10 : 2), meta } };
      },
    });
    const { router } = renderApp(`/search/${encodeBase64Url('silkk')}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Showing results for silkk' })).toBeInTheDocument();
    const notice = await screen.findByText(
      (_, element) => element?.tagName === 'P' && element.textContent === 'Showing results for ‘silk’ instead: nothing matched ‘silkk’.',
    );
    // Above the count and the grid.
    const status = screen.getByText('Showing 10 of 12 result(s)');
    expect(notice.compareDocumentPosition(status) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(notice.compareDocumentPosition(screen.getByRole('article', { name: 'Item 1' })) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByText(/Did you mean/)).not.toBeInTheDocument();
    expect(stub.itemCalls().filter((call) => call.params.get('meta') === 'suggestion')).toHaveLength(0);

    const link = within(notice).getByRole('link', { name: '‘silk’' });
    expect(link).toHaveAttribute('href', `/search/${encodeBase64Url('silk')}`);
    await userEvent.setup().click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${encodeBase64Url('silk')}`));
    expect(await screen.findByText('Showing 4 of 4 result(s)')).toBeInTheDocument();
    expect(screen.queryByText(/instead/)).not.toBeInTheDocument();
  });

  it('shows no notice when the suggestion only repeats the text in other letter case', async () => {
    stubStore({ content: () => ({ body: { data: cards(1, 3), meta: { filter_count: 3, suggestion: 'Silk' } } }) });
    renderApp(`/search/${encodeBase64Url('silk')}`);
    await screen.findByText('Showing 3 of 3 result(s)');
    expect(screen.queryByText(/instead/)).not.toBeInTheDocument();
  });

  it("on zero results takes 'Did you mean' from the results' own answer, with no read of its own", async () => {
    const stub = stubStore({
      content: (call) => {
        if (call.params.has('search')) return { body: { data: [], meta: { filter_count: 0, suggestion: 'silk' } } };
        return { body: { data: [] } };
      },
      api: { 'GET /api/product/tags': TAGS },
    });
    renderApp(`/search/${encodeBase64Url('silkk qwxzv')}`);
    await screen.findByRole('heading', { level: 2, name: 'No products found for ‘silkk qwxzv’.' });
    expect(await screen.findByText((_, element) => element?.tagName === 'P' && element.textContent === 'Did you mean ‘silk’?')).toBeInTheDocument();
    // Zero results keep their own help: no 'instead' line above an empty grid.
    expect(screen.queryByText(/instead/)).not.toBeInTheDocument();
    expect(stub.itemCalls().filter((call) => call.params.get('meta') === 'suggestion')).toHaveLength(0);
  });

  it("keeps the spec's 'Try adjusting your filters' when the text alone finds something", async () => {
    const stub = stubStore({
      content: (call) => {
        if (call.path.endsWith('catalogs')) return { body: { data: [{ title: 'Sarees' }] } };
        const filtered = call.filter !== undefined;
        return { body: { data: filtered ? [] : cards(1, 3), meta: { filter_count: filtered ? 0 : 3 } } };
      },
      api: { 'GET /api/product/tags': TAGS },
    });
    renderApp(`/search/${encodeBase64Url('silk')}?sorted=relevance&catalog=Earrings`);
    expect(await screen.findByText('No matching products found. Try adjusting your filters.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open Filters' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: /No products found for/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Popular Tags' })).not.toBeInTheDocument();
    const unfiltered = stub.itemCalls().find((call) => call.filter === undefined)!;
    expect(unfiltered.params.get('search')).toBe('silk');
  });

  it('offers the zero-results help when the text finds nothing even without the filters', async () => {
    stubStore({
      content: (call) => {
        if (call.path.endsWith('catalogs')) return { body: { data: [{ title: 'Sarees' }] } };
        if (call.params.has('search')) return { body: { data: [], meta: { filter_count: 0 } } };
        return { body: { data: cards(1, 2) } };
      },
      api: { 'GET /api/product/tags': TAGS },
    });
    renderApp(`/search/${encodeBase64Url('qwxzv')}?sorted=relevance&shop=jewel`);
    expect(await screen.findByRole('heading', { level: 2, name: 'No products found for ‘qwxzv’.' })).toBeInTheDocument();
    expect(screen.queryByText('No matching products found. Try adjusting your filters.')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Popular Tags' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Trending Now' })).toBeInTheDocument();
  });

  it('shows the error text (straight apostrophe) with Try Again', async () => {
    stubStore({ content: (call) => (call.path.endsWith('items') ? { status: 503, body: { errors: [] } } : { body: { data: [] } }) });
    renderApp(`/search/${encodeBase64Url('silk')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "We're having trouble connecting to the server. Please check your internet connection and try again.",
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeInTheDocument();
  });

  it.each(['____', '!!!', encodeBase64Url('   ')])('redirects /search/%s to /search', async (id) => {
    stubStore({ content: () => ({ body: { data: [] } }), api: { 'GET /api/product/tags': TAGS } });
    const { router } = renderApp(`/search/${id}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
  });
});

describe('search landing (/search)', () => {
  it('shows 3 recent searches, ignores an empty submit and searches by base64', async () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(['silk', 'kundan', 'banarasi', 'cotton']));
    stubStore({ content: () => ({ body: { data: cards(1, 2) } }), api: { 'GET /api/product/tags': TAGS } });
    const { router } = renderApp('/search');
    const box = await screen.findByRole('searchbox', { name: 'Search products' });
    const recent = screen.getByRole('list', { name: 'Recent searches' });
    expect(within(recent).getAllByRole('link').map((link) => link.textContent)).toEqual(['silk', 'kundan', 'banarasi']);
    expect(within(recent).getByRole('link', { name: 'silk' })).toHaveAttribute('href', `/search/${encodeBase64Url('silk')}`);

    const user = userEvent.setup();
    await user.type(box, '   {Enter}');
    expect(router.state.location.pathname).toBe('/search');
    await user.clear(box);
    await user.type(box, ' झुमका {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/search/${encodeBase64Url('झुमका')}`));
  });

  it('lists popular tags with counts linking to searches, and trending items with a rating on hover', async () => {
    const stub = stubStore({
      content: (call) => ({ body: { data: call.filter ? cards(1, 2) : [] } }),
      api: {
        'GET /api/product/tags': TAGS,
        'GET /api/product/rating/1': { code: 1, message: 'Success', data: { avg_rating: 4.25, total: 8 } },
      },
    });
    renderApp('/search');
    const tags = await screen.findByRole('region', { name: 'Popular Tags' });
    const silk = await within(tags).findByRole('link', { name: /silk/ });
    expect(silk).toHaveAttribute('href', `/search/${encodeBase64Url('silk')}`);
    expect(silk).toHaveTextContent('12');

    const trending = screen.getByRole('region', { name: 'Trending Now' });
    const card = await within(trending).findByRole('article', { name: 'Item 1' });
    const trendingCall = stub.itemCalls().find((call) => call.filter)!;
    expect(trendingCall.filter).toEqual({ tags: { _icontains: 'trending' } });
    expect(trendingCall.params.get('limit')).toBe('10');
    expect(trendingCall.params.get('offset')).toBe('0');
    expect(stub.apiCalls).not.toContain('GET /api/product/rating/1');
    await userEvent.setup().hover(card);
    expect(await within(card).findByLabelText('Rated 4.3 out of 5 from 8 reviews')).toHaveTextContent('4.3');
  });
});
