import { useEffect, useId, useState, type JSX } from 'react';
import { Plus } from 'lucide-react';
import { ADDRESS_BOOK_LIMIT, type AddressFields } from '@ssd/shared/addresses';
import { defaultAddress, useAddresses } from '../../lib/api/get-addresses';
import { useAddAddress } from '../../lib/api/update-addresses';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { AddressForm } from './address-form';
import { AddressLines } from './address-lines';

export const ADD_DELIVERY_ADDRESS_PROMPT = 'Add a delivery address to place your order.';
export const ADDRESSES_LOAD_FAILED = 'We could not load your addresses.';

/**
 * Where the order goes (the checkout's delivery address; docs/decisions/0021). The shopper's
 * addresses as radio options, the default chosen when nothing is: `onChange` is called with the
 * default's id once the book loads while `value` is null (or names an address no longer in the
 * book). With no address, the form shows inline under 'Add a delivery address to place your
 * order.'; a saved address is chosen at once. Loading and load failure have their own states.
 */
export function AddressPicker({ value, onChange }: { value: number | null; onChange: (addressId: number) => void }): JSX.Element {
  const book = useAddresses();
  const add = useAddAddress();
  const [adding, setAdding] = useState(false);
  const groupName = useId();
  const addresses = book.data;
  const fallbackId = addresses ? (defaultAddress(addresses)?.id ?? null) : null;
  const known = addresses?.some((address) => address.id === value) ?? false;

  useEffect(() => {
    if (fallbackId !== null && !known) onChange(fallbackId);
  }, [fallbackId, known, onChange]);

  const save = (fields: AddressFields) => {
    add.mutate(fields, {
      onSuccess: ({ saved }) => {
        setAdding(false);
        onChange(saved.address.id);
      },
    });
  };

  if (book.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only" role="status">
          Loading your addresses
        </p>
        <Skeleton className="h-24 w-full" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }

  if (book.isError) {
    return (
      <div className="flex flex-col items-start gap-3">
        <p role="alert" className="text-ink">
          {ADDRESSES_LOAD_FAILED} {book.error.message}
        </p>
        <Button variant="secondary" onClick={() => void book.refetch()}>
          Try again
        </Button>
      </div>
    );
  }

  const list = book.data;
  if (list.length === 0) {
    return (
      <div className="flex flex-col gap-4">
        <p className="font-medium text-ink">{ADD_DELIVERY_ADDRESS_PROMPT}</p>
        <AddressForm label="New delivery address" onSubmit={save} busy={add.isPending} />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <fieldset>
        <legend className="mb-2 text-sm font-semibold text-ink">Deliver to</legend>
        <div className="flex flex-col gap-3">
          {list.map((address) => (
            <label
              key={address.id}
              className="flex cursor-pointer gap-3 rounded-xl border border-maroon-100 bg-white p-3 has-[:checked]:border-maroon-600 has-[:checked]:bg-maroon-50/40"
            >
              <input
                type="radio"
                name={groupName}
                value={address.id}
                checked={value === address.id}
                onChange={() => onChange(address.id)}
                className="mt-1 size-4 accent-maroon-700"
              />
              <AddressLines address={address} />
            </label>
          ))}
        </div>
      </fieldset>
      {adding ? (
        <div className="rounded-xl border border-maroon-100 bg-white p-4">
          <AddressForm label="New delivery address" onSubmit={save} onCancel={() => setAdding(false)} busy={add.isPending} />
        </div>
      ) : list.length < ADDRESS_BOOK_LIMIT ? (
        <Button variant="secondary" className="self-start" onClick={() => setAdding(true)}>
          <Plus aria-hidden="true" className="size-4" />
          Add a new address
        </Button>
      ) : null}
    </div>
  );
}
