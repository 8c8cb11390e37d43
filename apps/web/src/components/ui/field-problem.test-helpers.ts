import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/*
 * Test helpers for forms whose problems show twice (./use-field-errors.ts): as the spec's toast
 * and under the field. A message's text is then on the page twice, so tests look for each copy by
 * where it sits.
 */

/** The toast (not the field message) that says `message`; waited for, as the toast view loads lazily. */
export async function findToast(message: string): Promise<HTMLElement> {
  return waitFor(() => {
    const toast = screen.getAllByText(message).find((node) => node.closest('[data-type]'));
    if (!toast) throw new Error(`No toast says "${message}"`);
    return toast;
  });
}

/**
 * `message` is a warning toast and the field's own message: the field is invalid, described by
 * exactly that text, and has the focus.
 */
export async function expectFieldProblem(field: HTMLElement, message: string): Promise<void> {
  const toast = await findToast(message);
  expect(toast.closest('[data-type]')).toHaveAttribute('data-type', 'warning');
  expect(field).toHaveAttribute('aria-invalid', 'true');
  expect(field).toHaveAccessibleDescription(message);
  await waitFor(() => expect(field).toHaveFocus());
}
