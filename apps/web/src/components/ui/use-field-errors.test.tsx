import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TextField } from './text-field';
import { focusClearOfToasts, useFieldErrors } from './use-field-errors';

function TwoFields() {
  const fields = useFieldErrors<'name' | 'city'>();
  const [values, setValues] = useState({ name: '', city: '' });
  const field = (name: 'name' | 'city', label: string) => (
    <TextField
      id={fields.idFor(name)}
      error={fields.errorFor(name)}
      label={label}
      value={values[name]}
      onChange={(event) => {
        setValues((current) => ({ ...current, [name]: event.target.value }));
        fields.clear(name);
      }}
    />
  );
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!values.name) fields.report('name', 'Please enter your name.');
        else if (!values.city) fields.report('city', 'Please enter your city.');
      }}
    >
      {field('name', 'Name')}
      {field('city', 'City')}
      <button type="submit">Save</button>
    </form>
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  for (const input of document.querySelectorAll('body > input')) input.remove();
});

describe('useFieldErrors', () => {
  it('shows the problem under its field, focuses it, again on a second submit, and drops it on edit', async () => {
    const user = userEvent.setup();
    render(<TwoFields />);
    const name = screen.getByLabelText('Name');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveAccessibleDescription('Please enter your name.');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();

    // The same problem twice: the focus comes back from the button.
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(name).toHaveFocus();

    await user.type(name, 'Asha');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Please enter your name.')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText('City')).toHaveAccessibleDescription('Please enter your city.');
    expect(screen.getByLabelText('City')).toHaveFocus();
  });
});

describe('focusClearOfToasts', () => {
  function fieldAt(top: number) {
    const input = document.createElement('input');
    document.body.append(input);
    vi.spyOn(input, 'getBoundingClientRect').mockReturnValue({ top, bottom: top + 40 } as DOMRect);
    const scroll = vi.fn();
    input.scrollIntoView = scroll;
    return { input, scroll };
  }

  it('scrolls a field in the top third (under the toasts) or below the screen to the middle', () => {
    vi.stubGlobal('innerHeight', 900);
    for (const top of [10, 250, 880]) {
      const { input, scroll } = fieldAt(top);
      focusClearOfToasts(input);
      expect(scroll).toHaveBeenCalledWith({ block: 'center' });
      expect(input).toHaveFocus();
    }
  });

  it('leaves a field in view below the toasts where it is', () => {
    vi.stubGlobal('innerHeight', 900);
    const { input, scroll } = fieldAt(450);
    focusClearOfToasts(input);
    expect(scroll).not.toHaveBeenCalled();
    expect(input).toHaveFocus();
  });
});
