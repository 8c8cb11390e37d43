import { useId, useState } from 'react';
import { useIsMutating } from '@tanstack/react-query';
import { MapPin, Plus } from 'lucide-react';
import { ADDRESS_BOOK_LIMIT, ADDRESS_MESSAGES, type Address, type AddressFields } from '@ssd/shared/addresses';
import { AddressForm } from '../../../components/address/address-form';
import { AddressLines } from '../../../components/address/address-lines';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { addressKeys, useAddresses } from '../../../lib/api/get-addresses';
import {
  useAddAddress,
  useDeleteAddress,
  useMakeDefaultAddress,
  useUpdateAddress,
} from '../../../lib/api/update-addresses';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';

export const NO_ADDRESSES_MESSAGE = 'You have no saved addresses yet.';

/** What is open in the book: nothing, the new-address form, or one address's form. */
type Editing = { kind: 'none' } | { kind: 'new' } | { kind: 'edit'; id: number };

function AddressCard({
  address,
  editing,
  busy,
  onEdit,
  onDelete,
  onMakeDefault,
  onSave,
  onCancel,
  saving,
}: {
  address: Address;
  editing: boolean;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onMakeDefault: () => void;
  onSave: (fields: AddressFields) => void;
  onCancel: () => void;
  saving: boolean;
}) {
  const nameId = useId();
  return (
    <li aria-labelledby={nameId} className="rounded-xl border border-maroon-100 p-4">
      {editing ? (
        <>
          <p id={nameId} className="mb-3 font-semibold text-ink">
            Edit address of {address.full_name}
          </p>
          <AddressForm label="Edit address" initial={address} onSubmit={onSave} onCancel={onCancel} busy={saving} />
        </>
      ) : (
        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
          <AddressLines address={address} nameId={nameId} />
          <div className="flex flex-wrap gap-2 sm:justify-end">
            <Button variant="secondary" className="px-4 py-2" onClick={onEdit} disabled={busy}>
              Edit
            </Button>
            <Button variant="ghost" className="px-4 py-2" onClick={onDelete} disabled={busy}>
              Delete
            </Button>
            {address.is_default ? null : (
              <Button variant="ghost" className="px-4 py-2" onClick={onMakeDefault} disabled={busy}>
                Make default
              </Button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

/**
 * The profile's address book (ours; docs/decisions/0021): each address with Edit, Delete (after a
 * confirmation) and Make default, and Add address up to 10. One change at a time: the buttons
 * wait while one is under way. The checkout chooses among the same addresses.
 */
export function AddressBook({ className = '' }: { className?: string }) {
  const titleId = useId();
  const book = useAddresses();
  const addition = useAddAddress();
  const update = useUpdateAddress();
  const removal = useDeleteAddress();
  const makeDefault = useMakeDefaultAddress();
  const busy = useIsMutating({ mutationKey: addressKeys.changes() }) > 0;
  const [editing, setEditing] = useState<Editing>({ kind: 'none' });
  const [deleting, setDeleting] = useState<Address | null>(null);
  const close = () => setEditing({ kind: 'none' });

  const addresses = book.data ?? [];
  const full = addresses.length >= ADDRESS_BOOK_LIMIT;

  let body;
  if (book.isPending) {
    body = (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only" role="status">
          Loading your addresses
        </p>
        <Skeleton className="h-24 w-full" />
      </div>
    );
  } else if (book.isError) {
    body = (
      <div className="flex flex-col items-start gap-3">
        <p className="text-ink">{book.error.message}</p>
        <Button variant="secondary" onClick={() => void book.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else {
    body = (
      <>
        {addresses.length === 0 && editing.kind !== 'new' ? <p className="text-muted">{NO_ADDRESSES_MESSAGE}</p> : null}
        {addresses.length > 0 ? (
          <ul className="flex flex-col gap-3">
            {addresses.map((address) => (
              <AddressCard
                key={address.id}
                address={address}
                editing={editing.kind === 'edit' && editing.id === address.id}
                busy={busy}
                saving={update.isPending}
                onEdit={() => setEditing({ kind: 'edit', id: address.id })}
                onCancel={close}
                onSave={(fields) => update.mutate({ id: address.id, fields }, { onSuccess: close })}
                onDelete={() => setDeleting(address)}
                onMakeDefault={() => makeDefault.mutate(address.id)}
              />
            ))}
          </ul>
        ) : null}
        {editing.kind === 'new' ? (
          <div className="rounded-xl border border-maroon-100 p-4">
            <AddressForm
              label="New address"
              onSubmit={(fields) => addition.mutate(fields, { onSuccess: close })}
              onCancel={close}
              busy={addition.isPending}
            />
          </div>
        ) : full ? (
          <p className="text-sm text-muted">{ADDRESS_MESSAGES.limit}</p>
        ) : (
          <Button variant="secondary" className="self-start" onClick={() => setEditing({ kind: 'new' })} disabled={busy}>
            <Plus aria-hidden="true" className="size-4" />
            Add address
          </Button>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={titleId} className={`flex flex-col gap-4 ${className}`}>
      <h2 id={titleId} className="heading-section flex items-center gap-2">
        <MapPin aria-hidden="true" className="size-5" />
        Addresses
      </h2>
      {body}
      {deleting ? (
        <ConfirmDialog
          title="Delete this address?"
          confirmLabel="Delete"
          busy={removal.isPending}
          onCancel={() => setDeleting(null)}
          onConfirm={() =>
            removal.mutate(deleting.id, {
              onSettled: () => setDeleting(null),
              onSuccess: () => {
                if (editing.kind === 'edit' && editing.id === deleting.id) close();
              },
            })
          }
        >
          <AddressLines address={deleting} />
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
