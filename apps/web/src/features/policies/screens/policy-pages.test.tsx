import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../../test/render-app';

describe('policy pages (spec 1 §2)', () => {
  it.each(['/terms', '/privacy', '/shipping', '/returns'])(
    '%s: Back goes home when the page was opened directly',
    async (path) => {
      const user = userEvent.setup();
      const { router } = renderApp(path);
      const main = await screen.findByRole('main');
      await within(main).findByRole('heading', { level: 1 });
      await user.click(within(main).getByRole('button', { name: 'Back' }));
      await screen.findByRole('heading', { level: 1, name: 'SSD Store' });
      expect(router.state.location.pathname).toBe('/');
    },
  );

  it('Back returns to the previous page of the app when there is one', async () => {
    const user = userEvent.setup();
    // React Router records its history index in history.state.idx; 1 means one page came before.
    window.history.replaceState({ idx: 1 }, '');
    const { router } = renderApp(['/contact', '/terms']);
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Terms & Conditions' });
    await user.click(within(main).getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    expect(router.state.location.pathname).toBe('/contact');
  });

  it('states the return window and processing time', async () => {
    renderApp('/returns');
    const main = await screen.findByRole('main');
    await within(main).findByRole('heading', { level: 1, name: 'Return & Refund Guidelines' });
    expect(main).toHaveTextContent('7 days from delivery');
    expect(main).toHaveTextContent('1-3 business days');
  });
});
