import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Address } from '@ssd/shared/addresses';
import { apiRequest } from '../api-client';
import { networkError } from '../api-error';
import { userKeys } from './session-keys';

export const ADDRESSES_PATH = '/api/user/addresses';

/**
 * The delivery address book (ours: docs/decisions/0021), read by the profile and the checkout.
 * Under the user's root, so the session drops it at logout. Apart from ./session-keys.ts, which
 * the first load of every page carries.
 */
export const addressKeys = {
  all: [...userKeys.all, 'addresses'] as const,
  book: () => [...addressKeys.all, 'book'] as const,
  /** The changes under way (./update-addresses.ts). */
  changes: () => [...addressKeys.all, 'change'] as const,
};

/** The book as every answer carries it; read by type (docs/decisions/0015), checked for the list. */
export function addressesOf(data: unknown): Address[] {
  const addresses = (data as { addresses?: unknown } | null)?.addresses;
  if (!Array.isArray(addresses)) throw networkError(200);
  return addresses as Address[];
}

/** GET /api/user/addresses → {addresses}: the default first, then the most recently changed. */
export async function getAddresses(signal?: AbortSignal): Promise<Address[]> {
  const { data } = await apiRequest<unknown>('GET', ADDRESSES_PATH, undefined, { signal });
  return addressesOf(data);
}

/** Only this app changes the book, and every change answers the whole book: kept until then. */
export function addressesQueryOptions() {
  return queryOptions({ queryKey: addressKeys.book(), queryFn: ({ signal }) => getAddresses(signal), staleTime: 5 * 60_000 });
}

export function useAddresses() {
  return useQuery(addressesQueryOptions());
}

/** The default address of a book (the server keeps exactly one when the book is not empty). */
export function defaultAddress(addresses: readonly Address[]): Address | undefined {
  return addresses.find((address) => address.is_default) ?? addresses[0];
}
