import { readStorage, removeStorage, writeStorage } from '../../../lib/storage';
import type { CheckoutState } from './checkout-state';

/*
 * Where the checkout keeps its progress across a reload of the same history entry (session storage,
 * which logout clears): the reservation, the order and how it ended. Without it a reload would ask
 * for a new reservation, which on the server replaces the one held, and lose the placed order. Only
 * the latest checkout is kept; it belongs to one history entry (the router's location key) and one
 * user.
 */

export const CHECKOUT_STORAGE_KEY = 'ssd_checkout';

type Kept = Extract<CheckoutState, { step: 'review' | 'confirm' | 'ended' }>;

interface KeptCheckout {
  entry: string;
  user: string;
  state: Kept;
}

/** The progress kept for this history entry and user, or null. A payment under way comes back as step 2. */
export function restoreCheckout(entry: string, user: string | null): Kept | null {
  const text = readStorage('sessionStorage', CHECKOUT_STORAGE_KEY);
  if (!text || !user) return null;
  try {
    const record = JSON.parse(text) as Partial<KeptCheckout>;
    if (record.entry !== entry || record.user !== user || typeof record.state !== 'object' || record.state === null) return null;
    const state = record.state;
    if (state.step === 'confirm') return { ...state, paying: false };
    if (state.step === 'review' || state.step === 'ended') return state;
    return null;
  } catch {
    return null;
  }
}

/** Keeps what can come back after a reload; forgets the rest. */
export function keepCheckout(entry: string, user: string | null, state: CheckoutState): void {
  if (!user) return;
  if (state.step !== 'review' && state.step !== 'confirm' && state.step !== 'ended') return;
  writeStorage('sessionStorage', CHECKOUT_STORAGE_KEY, JSON.stringify({ entry, user, state } satisfies KeptCheckout));
}

/** The checkout is over (the payment settled it, and the screen leaves): nothing to come back to. */
export function forgetCheckout(): void {
  removeStorage('sessionStorage', CHECKOUT_STORAGE_KEY);
}
