import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';

function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const CATALOGS = {
  data: [
    { id: 1, title: 'Sarees', image: '6f1c2a9e-1111-4c5e-9d00-aaaaaaaaaaaa' },
    { id: 2, title: 'Necklaces', image: 'https://cdn.example.in/necklaces.jpg' },
  ],
};

async function collections() {
  return screen.findByRole('region', { name: 'Our collections' });
}

describe('home (/)', () => {
  it('reads the catalogs from the content service, sorted by priority then title', async () => {
    vi.mocked(fetch).mockResolvedValue(jsonResponse(CATALOGS));
    renderApp('/');
    const section = await collections();
    await within(section).findByText('Sarees');
    const url = String(vi.mocked(fetch).mock.calls[0]?.[0]);
    const [path, query] = url.split('?');
    expect(path).toBe('/content/items/catalogs');
    const params = new URLSearchParams(query);
    expect(params.get('sort')).toBe('priority,title');
    expect(params.get('fields')).toBe('id,title,image');
  });

  it('shows one tile per catalog with a lazily loaded, sized image', async () => {
    vi.mocked(fetch).mockResolvedValue(jsonResponse(CATALOGS));
    renderApp('/');
    const section = await collections();
    const tiles = await within(section).findAllByRole('listitem');
    expect(tiles.map((tile) => tile.textContent)).toEqual(['Sarees', 'Necklaces']);
    const images = section.querySelectorAll('img');
    expect(images[0]).toHaveAttribute('src', '/content/assets/6f1c2a9e-1111-4c5e-9d00-aaaaaaaaaaaa');
    expect(images[1]).toHaveAttribute('src', 'https://cdn.example.in/necklaces.jpg');
    for (const image of images) {
      expect(image).toHaveAttribute('loading', 'lazy');
      expect(image).toHaveAttribute('width');
      expect(image).toHaveAttribute('height');
    }
    // The catalog screen comes later: tiles are not links yet.
    expect(within(section).queryByRole('link')).not.toBeInTheDocument();
  });

  it('shows skeletons while the catalogs load', async () => {
    vi.mocked(fetch).mockReturnValue(new Promise<Response>(() => {}));
    renderApp('/');
    const section = await collections();
    expect(section).toHaveAttribute('aria-busy', 'true');
    expect(within(section).getAllByTestId('catalog-skeleton')).toHaveLength(4);
  });

  it('hides the section when there are no catalogs', async () => {
    vi.mocked(fetch).mockResolvedValue(jsonResponse({ data: [] }));
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'SSD Store' });
    await vi.waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    await vi.waitFor(() => expect(screen.queryByRole('region', { name: 'Our collections' })).not.toBeInTheDocument());
  });

  it("says 'Unable to connect to our server' on failure, and Try Again reloads", async () => {
    const user = userEvent.setup();
    vi.mocked(fetch).mockResolvedValueOnce(jsonResponse({ errors: [{ message: 'boom' }] }, 503));
    renderApp('/');
    const section = await collections();
    expect(await within(section).findByRole('alert')).toHaveTextContent('Unable to connect to our server');

    vi.mocked(fetch).mockResolvedValueOnce(jsonResponse(CATALOGS));
    await user.click(within(section).getByRole('button', { name: 'Try Again' }));
    expect(await within(section).findByText('Necklaces')).toBeInTheDocument();
    expect(within(section).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('treats a network failure like a server failure', async () => {
    vi.mocked(fetch).mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/');
    const section = await collections();
    expect(await within(section).findByRole('alert')).toHaveTextContent('Unable to connect to our server');
  });
});
