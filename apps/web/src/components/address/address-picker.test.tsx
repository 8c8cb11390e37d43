import { useState } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Address } from '@ssd/shared/addresses';
import { deferred, toastType } from '../../test/api-stub';
import { envelope, renderWithStore, shopper, stubStore, type StoreAnswer } from '../../test/store-stub';
import { AddressPicker } from './address-picker';

const address = (id: number, overrides: Partial<Address> = {}): Address => ({
  id,
  full_name: `Shopper ${id}`,
  mobile: '9876543210',
  line1: `${id} MG Road`,
  line2: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560001',
  is_default: false,
  ...overrides,
});

/** The checkout's use: it keeps the chosen id and hands it back. */
function Host({ initial = null, onChange }: { initial?: number | null; onChange?: (id: number) => void }) {
  const [value, setValue] = useState<number | null>(initial);
  return (
    <AddressPicker
      value={value}
      onChange={(id) => {
        onChange?.(id);
        setValue(id);
      }}
    />
  );
}

describe('address picker (the checkout’s delivery address)', () => {
  it('shows a loading state, then the addresses with the default chosen', async () => {
    const answer = deferred<StoreAnswer>();
    stubStore({ 'GET /api/user/addresses': () => answer.promise });
    const onChange = vi.fn();
    renderWithStore(<Host onChange={onChange} />, { session: shopper });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your addresses');
    answer.resolve(envelope({ addresses: [address(7, { is_default: true }), address(9)] }));

    const group = await screen.findByRole('group', { name: 'Deliver to' });
    const radios = within(group).getAllByRole('radio');
    expect(radios).toHaveLength(2);
    await waitFor(() => expect(radios[0]).toBeChecked());
    expect(onChange).toHaveBeenCalledWith(7);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(radios[0]).toHaveAccessibleName(/Shopper 7.*Default.*7 MG Road.*Bengaluru, Karnataka 560001.*Mobile: 98765 43210/);

    await userEvent.setup().click(radios[1]!);
    expect(radios[1]).toBeChecked();
    expect(onChange).toHaveBeenLastCalledWith(9);
  });

  it('keeps a choice the checkout already made', async () => {
    stubStore({ 'GET /api/user/addresses': envelope({ addresses: [address(7, { is_default: true }), address(9)] }) });
    const onChange = vi.fn();
    renderWithStore(<Host initial={9} onChange={onChange} />, { session: shopper });
    const radios = await screen.findAllByRole('radio');
    expect(radios[1]).toBeChecked();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('asks for an address when there is none, saves it inline and chooses it', async () => {
    const saved = address(12, { full_name: 'Asha Verma', is_default: true });
    const api = stubStore({
      'GET /api/user/addresses': envelope({ addresses: [] }),
      'POST /api/user/addresses': envelope({ address: saved, addresses: [saved] }, 1, 'Address added'),
    });
    const onChange = vi.fn();
    const user = userEvent.setup();
    renderWithStore(<Host onChange={onChange} />, { session: shopper });
    expect(await screen.findByText('Add a delivery address to place your order.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'New delivery address' });
    await user.type(within(form).getByLabelText('Full name'), 'Asha Verma');
    await user.type(within(form).getByLabelText('Mobile number'), '98765 43210');
    await user.type(within(form).getByLabelText('Address line 1'), '12 MG Road');
    await user.type(within(form).getByLabelText('City'), 'Bengaluru');
    await user.selectOptions(within(form).getByLabelText('State or union territory'), 'Karnataka');
    await user.type(within(form).getByLabelText('PIN code'), '560001');
    await user.click(within(form).getByRole('button', { name: 'Save address' }));

    expect(toastType(await screen.findByText('Address added'))).toBe('success');
    expect(api.callsTo('POST', '/api/user/addresses')[0]?.body).toEqual({
      full_name: 'Asha Verma',
      mobile: '9876543210',
      line1: '12 MG Road',
      line2: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      pin_code: '560001',
    });
    const radio = await screen.findByRole('radio');
    expect(radio).toBeChecked();
    expect(onChange).toHaveBeenCalledWith(12);
    expect(screen.queryByText('Add a delivery address to place your order.')).not.toBeInTheDocument();
  });

  it('says when the addresses cannot be loaded, and Try again loads them', async () => {
    let up = false;
    stubStore({
      'GET /api/user/addresses': () => (up ? envelope({ addresses: [address(7, { is_default: true })] }) : { status: 503, body: 'down' }),
    });
    const user = userEvent.setup();
    renderWithStore(<Host />, { session: shopper });
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not load your addresses. Failed to connect to our server.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('radio')).toBeChecked();
  });
});
