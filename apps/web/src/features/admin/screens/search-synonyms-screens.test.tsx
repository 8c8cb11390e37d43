import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore } from '../../../test/store-stub';
import { admin } from '../test-fixtures';
import './search-synonyms-screen';
import './search-synonym-group-screen';
import '../layout/admin-layout';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const PATH = '/api/admin/search/synonyms';
const GROUPS = [
  { group: 'jhumka', words: ['jhumka', 'jhumki', 'jumka'] },
  { group: 'lehenga', words: ['lehenga', 'lehnga', 'lengha'] },
];

describe('search synonyms (admin console)', () => {
  it('lists the groups with their words, reached from the sidebar', async () => {
    stubStore({ [`GET ${PATH}`]: envelope(GROUPS) });
    renderApp('/admin/search-synonyms', { session: admin });
    const table = await screen.findByRole('table', { name: 'Synonym groups' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell').slice(0, 2).map((cell) => cell.textContent))).toEqual([
      ['jhumka', 'jhumka, jhumki, jumka'],
      ['lehenga', 'lehenga, lehnga, lengha'],
    ]);
    expect(within(rows[0]!).getByRole('link', { name: 'Edit jhumka' })).toHaveAttribute('href', '/admin/search-synonyms/update?group=jhumka');
    expect(screen.getByRole('link', { name: 'Add Group' })).toHaveAttribute('href', '/admin/search-synonyms/add');
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expect(within(nav).getByRole('link', { name: 'Search synonyms' })).toHaveAttribute('aria-current', 'page');
  });

  it("says 'No Data Available in tables' when there is no group, and the failure with Try Again", async () => {
    stubStore({ [`GET ${PATH}`]: envelope([]) });
    const empty = renderApp('/admin/search-synonyms', { session: admin });
    expect(await screen.findByText('No Data Available in tables')).toBeInTheDocument();
    empty.unmount();

    let fail = true;
    stubStore({
      [`GET ${PATH}`]: () => (fail ? { status: 500, body: { code: -1, message: '', data: null } } : envelope(GROUPS)),
    });
    const user = userEvent.setup();
    renderApp('/admin/search-synonyms', { session: admin });
    expect(await screen.findByText('Failed to get search synonyms')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('cell', { name: 'jhumka, jhumki, jumka' })).toBeInTheDocument();
  });

  it('adds a group: problems show under the field, then the words go to the server after confirming', async () => {
    const api = stubStore({ [`GET ${PATH}`]: envelope(GROUPS), [`PUT ${PATH}`]: envelope({ group: 'jhumka', words: [] }, 1, 'Synonyms saved') });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/search-synonyms/add', { session: admin });
    const form = await screen.findByRole('form', { name: 'Add synonym group' });
    const words = within(form).getByLabelText('Words');

    await user.type(words, 'kundan');
    await user.click(within(form).getByRole('button', { name: 'Add Group' }));
    expect(words).toHaveAccessibleDescription('A group needs at least two different words');
    await user.type(words, ', kundan!');
    await user.click(within(form).getByRole('button', { name: 'Add Group' }));
    expect(words).toHaveAccessibleDescription('‘kundan!’ is not one word of letters or digits');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.clear(words);
    await user.type(words, 'Bandhani, bandhej  bandhni, BANDHANI');
    expect(words).not.toHaveAccessibleDescription();
    await user.click(within(form).getByRole('button', { name: 'Add Group' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Add this synonym group?' })).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Synonyms saved')).toBeInTheDocument();
    expect(api.callsTo('PUT', PATH).map((call) => call.body)).toEqual([{ words: ['bandhani', 'bandhej', 'bandhni'] }]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/search-synonyms'));
  });

  it("edits a group in place, naming it, and shows the server's refusal of a word another group holds under the field", async () => {
    const refusal = '‘lehnga’ is already in the group of ‘lehenga’';
    let refuse = true;
    const api = stubStore({
      [`GET ${PATH}`]: envelope(GROUPS),
      [`PUT ${PATH}`]: () =>
        refuse ? { status: 409, body: { code: 0, message: refusal, data: null } } : envelope({ group: 'jhumka', words: [] }, 1, 'Synonyms saved'),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/admin/search-synonyms/update?group=jhumka', { session: admin });
    const form = await screen.findByRole('form', { name: 'Edit synonym group' });
    const words = within(form).getByLabelText('Words');
    expect(words).toHaveValue('jhumka, jhumki, jumka');

    await user.type(words, ', lehnga');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Save changes to this synonym group?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(words).toHaveAccessibleDescription(refusal));
    expect(router.state.location.pathname).toBe('/admin/search-synonyms/update');
    expect(words).toHaveValue('jhumka, jhumki, jumka, lehnga');

    refuse = false;
    await user.clear(words);
    await user.type(words, 'jhumka, jhumki, jumka, jhoomka');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Save changes to this synonym group?' })).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/search-synonyms'));
    expect(api.callsTo('PUT', PATH).map((call) => call.body)).toEqual([
      { group: 'jhumka', words: ['jhumka', 'jhumki', 'jumka', 'lehnga'] },
      { group: 'jhumka', words: ['jhumka', 'jhumki', 'jumka', 'jhoomka'] },
    ]);
  });

  it("says 'No related data available' for a group that is not there", async () => {
    stubStore({ [`GET ${PATH}`]: envelope(GROUPS) });
    renderApp('/admin/search-synonyms/update?group=bandhani', { session: admin });
    expect(await screen.findByText('No related data available')).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('deletes a group only after confirming', async () => {
    let groups = GROUPS;
    const api = stubStore({
      [`GET ${PATH}`]: () => envelope(groups),
      [`DELETE ${PATH}`]: () => {
        groups = GROUPS.slice(1);
        return envelope(null, 1, 'Synonym group deleted');
      },
    });
    const user = userEvent.setup();
    renderApp('/admin/search-synonyms', { session: admin });
    await user.click(await screen.findByRole('button', { name: 'Delete jhumka' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete synonym group?' })).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo('DELETE', PATH)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete jhumka' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete synonym group?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Synonym group deleted')).toBeInTheDocument();
    expect(api.callsTo('DELETE', PATH).map((call) => call.body)).toEqual([{ group: 'jhumka' }]);
    await waitFor(() => expect(screen.queryByRole('cell', { name: 'jhumka' })).not.toBeInTheDocument());
    expect(screen.getByRole('cell', { name: 'lehenga' })).toBeInTheDocument();
  });
});
