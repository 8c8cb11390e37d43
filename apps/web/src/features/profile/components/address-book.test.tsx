import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Address } from '@ssd/shared/addresses';
import { ok, stubApi, toastType, warn, type StubCall } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import type { TestSession } from '../../../test/session-seed';

const asha: TestSession = {
  isLoggedIn: true,
  userName: 'Asha',
  userEmail: 'asha@example.com',
  userRole: 'user',
  authProvider: 'local',
  userToken: 'access-1',
  refreshToken: 'refresh-1',
  cart: [],
  wishlist: [],
};

const home: Address = {
  id: 8,
  full_name: 'Asha Verma',
  mobile: '9876543210',
  line1: '12 MG Road',
  line2: 'Near Trinity Metro',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560001',
  is_default: true,
};
const office: Address = {
  id: 9,
  full_name: 'Asha at work',
  mobile: '9123456780',
  line1: '5 Park Street',
  line2: null,
  city: 'Kolkata',
  state: 'West Bengal',
  pin_code: '700016',
  is_default: false,
};

async function openBook(addresses: Address[], handlers: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/user/me': ok({ name: 'Asha', email: 'asha@example.com', auth_provider: 'local' }),
    'GET /api/user/addresses': ok({ addresses }),
    ...handlers,
  });
  const user = userEvent.setup();
  const view = renderApp('/profile', { session: asha });
  const section = await screen.findByRole('region', { name: 'Addresses' });
  if (addresses.length > 0) await within(section).findByRole('listitem', { name: new RegExp(`^${addresses[0]!.full_name}`) });
  return { api, user, section, ...view };
}

const card = (name: string | RegExp) => screen.getByRole('listitem', { name });

describe("profile's address book", () => {
  it('lists the addresses, the default marked, Make default only on the others', async () => {
    await openBook([home, office]);
    const first = card('Asha Verma Default');
    expect(first).toHaveTextContent('12 MG Road');
    expect(first).toHaveTextContent('Near Trinity Metro');
    expect(first).toHaveTextContent('Bengaluru, Karnataka 560001');
    expect(first).toHaveTextContent('Mobile: 98765 43210');
    expect(within(first).queryByRole('button', { name: 'Make default' })).not.toBeInTheDocument();
    expect(within(card('Asha at work')).getByRole('button', { name: 'Make default' })).toBeInTheDocument();
  });

  it("says when there is none, and adds one with 'Address added'", async () => {
    const added = { ...home, id: 11 };
    const { api, user, section } = await openBook([], {
      'POST /api/user/addresses': ok({ address: added, addresses: [added] }, 'Address added'),
    });
    expect(await within(section).findByText('You have no saved addresses yet.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Add address' }));
    const form = within(section).getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Full name'), 'Asha Verma');
    await user.type(within(form).getByLabelText('Mobile number'), '09876543210');
    await user.type(within(form).getByLabelText('Address line 1'), '12 MG Road');
    await user.type(within(form).getByLabelText('Address line 2 (optional)'), 'Near Trinity Metro');
    await user.type(within(form).getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(within(form).getByLabelText('State or union territory'), 'Karnataka');
    await user.type(within(form).getByLabelText('PIN code'), '560001');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(toastType(await screen.findByText('Address added'))).toBe('success');
    expect(api.callsTo('POST', '/api/user/addresses')[0]?.body).toEqual({
      full_name: 'Asha Verma',
      mobile: '9876543210',
      line1: '12 MG Road',
      line2: 'Near Trinity Metro',
      city: 'Bengaluru',
      state: 'Karnataka',
      pin_code: '560001',
    });
    expect(await within(section).findByRole('listitem', { name: 'Asha Verma Default' })).toBeInTheDocument();
    expect(within(section).queryByRole('form')).not.toBeInTheDocument();
  });

  it("keeps the form open with the server's warning when it refuses", async () => {
    const { user, section } = await openBook([home], {
      'POST /api/user/addresses': warn('You can keep up to 10 addresses.'),
    });
    await user.click(within(section).getByRole('button', { name: 'Add address' }));
    const form = within(section).getByRole('form', { name: 'New address' });
    await user.type(within(form).getByLabelText('Full name'), 'Ravi');
    await user.type(within(form).getByLabelText('Mobile number'), '9876543210');
    await user.type(within(form).getByLabelText('Address line 1'), '1 Main Road');
    await user.type(within(form).getByLabelText('City'), 'Pune');
    await user.selectOptions(within(form).getByLabelText('State or union territory'), 'Maharashtra');
    await user.type(within(form).getByLabelText('PIN code'), '411001');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(toastType(await screen.findByText('You can keep up to 10 addresses.'))).toBe('warning');
    expect(within(section).getByRole('form', { name: 'New address' })).toBeInTheDocument();
    expect(within(form).getByLabelText('Full name')).toHaveValue('Ravi');
  });

  it("edits an address: every field sent, 'Address updated'", async () => {
    const moved = { ...office, city: 'Howrah', pin_code: '711101' };
    const { api, user } = await openBook([home, office], {
      'PUT /api/user/addresses/9': ok({ address: moved, addresses: [home, moved] }, 'Address updated'),
    });
    await user.click(within(card('Asha at work')).getByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit address' });
    expect(within(form).getByLabelText('City')).toHaveValue('Kolkata');
    await user.clear(within(form).getByLabelText('City'));
    await user.type(within(form).getByLabelText('City'), 'Howrah');
    await user.clear(within(form).getByLabelText('PIN code'));
    await user.type(within(form).getByLabelText('PIN code'), '711101');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));
    expect(toastType(await screen.findByText('Address updated'))).toBe('success');
    expect(api.callsTo('PUT', '/api/user/addresses/9')[0]?.body).toEqual({
      full_name: 'Asha at work',
      mobile: '9123456780',
      line1: '5 Park Street',
      line2: null,
      city: 'Howrah',
      state: 'West Bengal',
      pin_code: '711101',
    });
    await waitFor(() => expect(card('Asha at work')).toHaveTextContent('Howrah, West Bengal 711101'));
  });

  it('deletes only after the confirmation', async () => {
    const { api, user } = await openBook([home, office], {
      'DELETE /api/user/addresses/9': ok({ addresses: [home] }, 'Address deleted'),
    });
    await user.click(within(card('Asha at work')).getByRole('button', { name: 'Delete' }));
    let dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    expect(dialog).toHaveTextContent('5 Park Street');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/user/addresses/9')).toHaveLength(0);

    await user.click(within(card('Asha at work')).getByRole('button', { name: 'Delete' }));
    dialog = screen.getByRole('dialog', { name: 'Delete this address?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(toastType(await screen.findByText('Address deleted'))).toBe('success');
    expect(api.callsTo('DELETE', '/api/user/addresses/9')).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Asha at work' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("makes another address the default with 'Default address chosen'", async () => {
    const calls: StubCall[] = [];
    const { user } = await openBook([home, office], {
      'PUT /api/user/addresses/9/default': (call) => {
        calls.push(call);
        return ok(
          { address: { ...office, is_default: true }, addresses: [{ ...office, is_default: true }, { ...home, is_default: false }] },
          'Default address chosen',
        );
      },
    });
    await user.click(within(card('Asha at work')).getByRole('button', { name: 'Make default' }));
    expect(toastType(await screen.findByText('Default address chosen'))).toBe('success');
    expect(calls).toHaveLength(1);
    expect(await screen.findByRole('listitem', { name: 'Asha at work Default' })).toBeInTheDocument();
    expect(within(card('Asha Verma')).getByRole('button', { name: 'Make default' })).toBeInTheDocument();
  });
});
