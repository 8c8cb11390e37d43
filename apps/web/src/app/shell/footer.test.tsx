import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { envelope, shopper, stubStore } from '../../test/store-stub';

/*
 * The footer's Support Chat (spec 1 §2 'Customer Care'): it opens the support chat, loaded on first
 * opening (its states: src/features/support-chat/).
 */

async function openPolicyPage(options: Parameters<typeof renderApp>[1] = {}) {
  const view = renderApp('/terms', options);
  await screen.findByRole('heading', { level: 1 });
  // The footer's content is a chunk of its own (footer-content.tsx): on a busy machine it may arrive
  // after the screen.
  await within(screen.getByRole('contentinfo')).findByRole('button', { name: 'Support Chat' });
  return view;
}

const supportChat = () => within(screen.getByRole('contentinfo')).getByRole('button', { name: 'Support Chat' });

describe("the footer's Support Chat", () => {
  it('opens the chat as a dialog of its own; Escape closes it and focus is back on Support Chat', async () => {
    const user = userEvent.setup();
    await openPolicyPage({ session: shopper });
    await user.click(supportChat());
    const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
    // A window of its own, not a part of the footer's landmark.
    expect(screen.getByRole('contentinfo')).not.toContainElement(dialog);
    // Focus moves in an effect after the dialog shows; on a busy machine that is a moment later.
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Track my order status' })).toHaveFocus());
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(supportChat()).toHaveFocus());
  });

  it('opens a new conversation each time', async () => {
    const user = userEvent.setup();
    await openPolicyPage();
    await user.click(supportChat());
    const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
    expect(within(dialog).getByRole('log')).toHaveTextContent('Please log in to chat with support.');
    await user.click(within(dialog).getByRole('button', { name: 'Close chat' }));
    await user.click(supportChat());
    expect(within(await screen.findByRole('dialog', { name: 'Support Chat' })).getAllByText('Please log in to chat with support.')).toHaveLength(1);
  });

  it('in StrictMode (as the app runs), a request is raised once', async () => {
    const api = stubStore({
      'GET /api/order/list': envelope([
        { order_id: 'SSD-DELIVER001', placed_on: '2025-01-03T06:30:00.000Z', order_status: 'delivered', items: [] },
      ]),
      'POST /api/order/support': envelope({ id: 5 }),
    });
    const user = userEvent.setup();
    await openPolicyPage({ session: shopper, strict: true });
    await user.click(supportChat());
    const dialog = await screen.findByRole('dialog', { name: 'Support Chat' });
    await user.click(within(dialog).getByRole('button', { name: 'Return or exchange' }));
    await user.click(await within(dialog).findByRole('button', { name: /SSD-DELIVER001/ }));
    expect(await within(dialog).findByText('Support request created. Your ticket ID is 5.')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/order/support')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/order/list').length).toBeGreaterThanOrEqual(1);
  });
});
