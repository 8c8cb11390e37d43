import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { STORE_EMAIL } from '../../../lib/contact-config';

async function openContact() {
  const user = userEvent.setup();
  renderApp('/contact');
  const form = await screen.findByRole('form', { name: 'Send us a message' });
  const fill = async (label: string, value: string) => {
    const field = within(form).getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  };
  const send = () => user.click(within(form).getByRole('button', { name: 'Send' }));
  return { user, form, fill, send };
}

/**
 * The inline message (role=alert in the form) and the newest warning toast carry the same text. Waited
 * for: the toast view loads with the first toast.
 */
async function expectProblem(form: HTMLElement, message: string) {
  expect(within(form).getByRole('alert')).toHaveTextContent(message);
  await waitFor(() => {
    const warnings = screen.getAllByRole('status').filter((node) => node.getAttribute('data-type') === 'warning');
    expect(warnings.at(-1)).toHaveTextContent(message);
  });
}

/** The message sits under the fields it names, describes each and the first has the focus. */
function expectFieldsDescribed(form: HTMLElement, labels: string[], message: string) {
  for (const label of labels) {
    expect(within(form).getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByLabelText(label)).toHaveAccessibleDescription(message);
  }
  expect(within(form).getByLabelText(labels[0]!)).toHaveFocus();
}

describe('contact form validation (spec 1 §5)', () => {
  it('describes each named field with the message and focuses the first', async () => {
    const { form, fill, send } = await openContact();
    await send();
    await expectProblem(form, 'Please enter your name and message.');
    expectFieldsDescribed(form, ['Name', 'Message'], 'Please enter your name and message.');
    expect(within(form).getByLabelText('Email')).not.toHaveAttribute('aria-invalid');

    await fill('Name', 'Asha Iyer');
    await fill('Message', 'Do you ship to Pune?');
    await send();
    await expectProblem(form, 'Provide at least an email or a phone number.');
    expectFieldsDescribed(form, ['Email', 'Phone'], 'Provide at least an email or a phone number.');
    // The message sits right under the email and phone row, before the Message field.
    const alert = within(form).getByRole('alert');
    expect(alert.compareDocumentPosition(within(form).getByLabelText('Phone')) & Node.DOCUMENT_POSITION_PRECEDING).toBeTruthy();
    expect(alert.compareDocumentPosition(within(form).getByLabelText('Message')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('checks name and message first, then email-or-phone, then the email shape', async () => {
    const { form, fill, send } = await openContact();

    await send();
    await expectProblem(form, 'Please enter your name and message.');
    expect(within(form).getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');

    // A name alone is not enough: the message is required too, before contact details are checked.
    await fill('Name', 'Asha Iyer');
    await send();
    await expectProblem(form, 'Please enter your name and message.');

    await fill('Message', 'Is the Kanjivaram saree available in green?');
    await send();
    await expectProblem(form, 'Provide at least an email or a phone number.');

    await fill('Email', 'asha.example.com');
    await send();
    await expectProblem(form, 'Enter a valid email address.');
    expect(within(form).getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    // An invalid email is still rejected when a phone number is given too.
    await fill('Phone', '98765 43210');
    await send();
    await expectProblem(form, 'Enter a valid email address.');
  });

  it('treats blank-only name and message as missing', async () => {
    const { form, fill, send } = await openContact();
    await fill('Name', '   ');
    await fill('Message', '   ');
    await fill('Phone', '9876543210');
    await send();
    await expectProblem(form, 'Please enter your name and message.');
  });

  it('accepts a phone number without an email', async () => {
    const location = { href: 'http://localhost/contact' };
    const { form, fill, send } = await openContact();
    await fill('Name', 'Ravi');
    await fill('Message', 'Call me about bulk orders');
    await fill('Phone', '9876543210');
    vi.stubGlobal('location', location);
    await send();
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(location.href.startsWith(`mailto:${STORE_EMAIL}?subject=`)).toBe(true);
  });

  it('opens the mail app with an encoded subject and body and sends nothing to the API', async () => {
    const location = { href: 'http://localhost/contact' };
    const { form, fill, send } = await openContact();
    await fill('Name', 'Asha & Co');
    await fill('Email', 'asha@example.in');
    await fill('Phone', '+91 98765 43210');
    await fill('Message', 'Price for 20 sarees?\nThanks');
    vi.stubGlobal('location', location);
    await send();

    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    const url = location.href;
    expect(url).toBe(
      `mailto:${STORE_EMAIL}?subject=${encodeURIComponent('Enquiry from Asha & Co')}&body=${encodeURIComponent(
        'Name: Asha & Co\r\nEmail: asha@example.in\r\nPhone: +91 98765 43210\r\n\r\nPrice for 20 sarees?\nThanks',
      )}`,
    );
    // The '&' of the name is encoded, so it cannot start a new mailto field.
    expect(url).toContain('subject=Enquiry%20from%20Asha%20%26%20Co&body=');
    const query = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect(query.get('subject')).toBe('Enquiry from Asha & Co');
    expect(query.get('body')).toContain('Email: asha@example.in');
    expect(query.get('body')).toContain('Phone: +91 98765 43210');
    expect(vi.mocked(fetch)).not.toHaveBeenCalledWith(expect.stringContaining('/api'), expect.anything());
  });
});

describe('contact page', () => {
  it('offers messaging, call and e-mail buttons and only the visible social links', async () => {
    renderApp('/contact');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Contact us' });
    expect(within(main).getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\//));
    expect(within(main).getByRole('link', { name: /Call/ })).toHaveAttribute('href', expect.stringMatching(/^tel:/));
    expect(within(main).getByRole('link', { name: /E-mail/ })).toHaveAttribute('href', `mailto:${STORE_EMAIL}`);
    expect(within(main).getByRole('link', { name: 'Instagram' })).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Facebook' })).toBeInTheDocument();
    expect(within(main).queryByRole('link', { name: 'YouTube' })).not.toBeInTheDocument();
  });
});
