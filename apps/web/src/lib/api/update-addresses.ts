import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADDRESS_MESSAGES, type Address, type AddressFields } from '@ssd/shared/addresses';
import { useToast } from '../../components/ui/toast';
import { useFailureToast } from '../../components/ui/use-failure-toast';
import { apiRequest } from '../api-client';
import { networkError } from '../api-error';
import { isLoginNeeded } from '../failure-message';
import { ADDRESSES_PATH, addressesOf, addressKeys } from './get-addresses';

/*
 * Changes of the address book (docs/decisions/0021), as TanStack mutations: each answer carries the
 * whole book, which replaces the cached one; the server's message is the toast. A refusal is the
 * failure toast of spec 1 §8 (a warning for code 0, e.g. 'You can keep up to 10 addresses.'); a
 * -2 is left to the login guard of the screen (profile, checkout). After any other failure the book
 * is read again: without an answer the change may have happened, and a refusal ('Address not
 * found.') may come from a book changed elsewhere.
 */

export interface AddressSaved {
  address: Address;
  addresses: Address[];
}

const addressPath = (id: number) => `${ADDRESSES_PATH}/${id}`;

function savedOf(data: unknown): AddressSaved {
  const address = (data as { address?: unknown } | null)?.address;
  if (typeof address !== 'object' || address === null) throw networkError(200);
  return { address: address as Address, addresses: addressesOf(data) };
}

/** POST /api/user/addresses: the new address and the book (the first address becomes the default). */
export async function addAddress(fields: AddressFields): Promise<{ saved: AddressSaved; message: string }> {
  const { data, message } = await apiRequest<unknown>('POST', ADDRESSES_PATH, fields);
  return { saved: savedOf(data), message };
}

/** PUT /api/user/addresses/{id}: every field replaced. */
export async function updateAddress(id: number, fields: AddressFields): Promise<{ saved: AddressSaved; message: string }> {
  const { data, message } = await apiRequest<unknown>('PUT', addressPath(id), fields);
  return { saved: savedOf(data), message };
}

/** DELETE /api/user/addresses/{id}: the book left (the default passes on when it was deleted). */
export async function deleteAddress(id: number): Promise<{ addresses: Address[]; message: string }> {
  const { data, message } = await apiRequest<unknown>('DELETE', addressPath(id));
  return { addresses: addressesOf(data), message };
}

/** PUT /api/user/addresses/{id}/default. */
export async function makeDefaultAddress(id: number): Promise<{ saved: AddressSaved; message: string }> {
  const { data, message } = await apiRequest<unknown>('PUT', `${addressPath(id)}/default`);
  return { saved: savedOf(data), message };
}

/** One mutation of the book: the answer's book is kept, its message (or `successText`) toasted. */
function useBookMutation<Variables, Result extends { message: string }>(
  request: (variables: Variables) => Promise<Result>,
  bookOf: (result: Result) => Address[],
  successText: string,
) {
  const client = useQueryClient();
  const { showToast } = useToast();
  const toastFromError = useFailureToast();
  return useMutation({
    mutationKey: addressKeys.changes(),
    mutationFn: request,
    onSuccess: (result) => {
      client.setQueryData(addressKeys.book(), bookOf(result));
      showToast(result.message || successText, 'success');
    },
    onError: (error) => {
      if (isLoginNeeded(error)) return;
      toastFromError(error);
      void client.invalidateQueries({ queryKey: addressKeys.book() });
    },
  });
}

export function useAddAddress() {
  return useBookMutation((fields: AddressFields) => addAddress(fields), (result) => result.saved.addresses, ADDRESS_MESSAGES.added);
}

export function useUpdateAddress() {
  return useBookMutation(
    ({ id, fields }: { id: number; fields: AddressFields }) => updateAddress(id, fields),
    (result) => result.saved.addresses,
    ADDRESS_MESSAGES.updated,
  );
}

export function useDeleteAddress() {
  return useBookMutation((id: number) => deleteAddress(id), (result) => result.addresses, ADDRESS_MESSAGES.deleted);
}

export function useMakeDefaultAddress() {
  return useBookMutation((id: number) => makeDefaultAddress(id), (result) => result.saved.addresses, ADDRESS_MESSAGES.defaultChosen);
}
