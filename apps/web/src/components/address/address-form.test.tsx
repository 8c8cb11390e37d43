import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ADDRESS_MESSAGES, INDIAN_STATES, type Address } from '@ssd/shared/addresses';
import { AddressForm } from './address-form';
import { validateAddress } from './address-fields';

const field = (label: string) => screen.getByLabelText(label);

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field('Full name'), '  Asha Verma ');
  await user.type(field('Mobile number'), '+91 98765 43210');
  await user.type(field('Address line 1'), '12, MG Road');
  await user.type(field('City'), 'Bengaluru');
  await user.selectOptions(field('State or union territory'), 'Karnataka');
  await user.type(field('PIN code'), '560 001');
}

describe('address form (decision 0021, @ssd/shared/addresses)', () => {
  it("shows each field's problem with the contract's message, focuses the first and sends nothing", async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm label="New address" onSubmit={onSubmit} />);
    await user.click(screen.getByRole('button', { name: 'Save address' }));

    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Full name')).toHaveAccessibleDescription(ADDRESS_MESSAGES.fullName);
    expect(field('Mobile number')).toHaveAccessibleDescription(ADDRESS_MESSAGES.mobile);
    expect(field('Address line 1')).toHaveAccessibleDescription(ADDRESS_MESSAGES.line1);
    expect(field('City')).toHaveAccessibleDescription(ADDRESS_MESSAGES.city);
    expect(field('State or union territory')).toHaveAccessibleDescription(ADDRESS_MESSAGES.state);
    expect(field('PIN code')).toHaveAccessibleDescription(ADDRESS_MESSAGES.pinCode);
    // Line 2 may be left empty.
    expect(field('Address line 2 (optional)')).not.toHaveAttribute('aria-invalid');
    expect(field('Full name')).toHaveAttribute('aria-invalid', 'true');
    expect(field('Full name')).toHaveFocus();
  });

  it('explains a mobile number or PIN code that has the right length but cannot exist', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm label="New address" onSubmit={onSubmit} />);
    await fillValid(user);
    await user.clear(field('Mobile number'));
    await user.type(field('Mobile number'), '5876543210');
    await user.clear(field('PIN code'));
    await user.type(field('PIN code'), '012345');
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(field('Mobile number')).toHaveAccessibleDescription(ADDRESS_MESSAGES.mobileStart);
    expect(field('PIN code')).toHaveAccessibleDescription(ADDRESS_MESSAGES.pinCodeStart);
    expect(field('Mobile number')).toHaveFocus();

    // Correcting a field clears its message.
    await user.type(field('Mobile number'), '1');
    expect(field('Mobile number')).not.toHaveAttribute('aria-invalid');
    expect(field('PIN code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('hands over the fields as the server stores them: trimmed, 10-digit mobile, PIN without a space, no line 2 as null', async () => {
    const onSubmit = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm label="New address" onSubmit={onSubmit} />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Save address' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      full_name: 'Asha Verma',
      mobile: '9876543210',
      line1: '12, MG Road',
      line2: null,
      city: 'Bengaluru',
      state: 'Karnataka',
      pin_code: '560001',
    });
  });

  it('offers every state and union territory, and starts an edit from the address', async () => {
    const address: Address = {
      id: 3,
      full_name: 'Ravi Kumar',
      mobile: '9123456780',
      line1: '4 Park Street',
      line2: 'Near the post office',
      city: 'Kolkata',
      state: 'West Bengal',
      pin_code: '700016',
      is_default: true,
    };
    const onCancel = vi.fn();
    const user = userEvent.setup();
    render(<AddressForm label="Edit address" initial={address} onSubmit={vi.fn()} onCancel={onCancel} />);
    const select = field('State or union territory');
    const options = within(select).getAllByRole('option').map((option) => option.getAttribute('value'));
    expect(options).toEqual(['', ...INDIAN_STATES]);
    expect(INDIAN_STATES).toHaveLength(36);
    expect(select).toHaveValue('West Bengal');
    expect(field('Address line 2 (optional)')).toHaveValue('Near the post office');
    expect(field('Mobile number')).toHaveValue('9123456780');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalled();
  });

  it('disables its buttons while a save is under way', () => {
    render(<AddressForm label="New address" onSubmit={vi.fn()} onCancel={vi.fn()} busy />);
    expect(screen.getByRole('button', { name: 'Save address' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });

  it('validateAddress: the first problem of each field only, control characters refused', () => {
    const check = validateAddress({
      full_name: 'A\u0007',
      mobile: '98765',
      line1: 'x'.repeat(121),
      line2: '',
      city: 'Pune',
      state: 'Orissa',
      pin_code: '411001',
    });
    expect(check).toEqual({
      ok: false,
      errors: {
        full_name: 'Full name must not contain control characters.',
        mobile: ADDRESS_MESSAGES.mobile,
        line1: ADDRESS_MESSAGES.line1TooLong,
      },
    });
  });
});
