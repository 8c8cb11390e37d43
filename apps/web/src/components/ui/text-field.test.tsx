import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('names the input by its label and passes the input props on', () => {
    render(<TextField label="Email" type="email" required defaultValue="asha@example.com" />);
    const input = screen.getByLabelText('Email');
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toBeRequired();
    expect(input).toHaveValue('asha@example.com');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(input).not.toHaveAttribute('aria-describedby');
  });

  it('shows its error under the field and announces it with the field', () => {
    render(<TextField label="Name" error="Please enter your name." />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByText('Please enter your name.')).toHaveAttribute('id', input.getAttribute('aria-describedby'));
  });

  it('points to an error shown elsewhere, for one message that covers several fields', () => {
    render(
      <>
        <TextField label="Phone" type="tel" errorId="shared-error" />
        <TextField multiline label="Message" errorId="shared-error" />
        <p id="shared-error">Please enter a message.</p>
      </>,
    );
    for (const name of ['Phone', 'Message']) {
      const field = screen.getByRole('textbox', { name });
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription('Please enter a message.');
    }
    expect(screen.getByLabelText('Message').tagName).toBe('TEXTAREA');
  });

  it('keeps a given id, so the label still points to it', () => {
    render(<TextField id="otp" label="OTP" labelAside={<span>0:59</span>} />);
    expect(screen.getByLabelText('OTP')).toHaveAttribute('id', 'otp');
    expect(screen.getByText('0:59')).toBeInTheDocument();
  });
});
