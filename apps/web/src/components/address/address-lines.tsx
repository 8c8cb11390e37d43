import type { Address } from '@ssd/shared/addresses';

/** '9876543210' → '98765 43210', as Indian mobile numbers are written. */
export function formatMobile(mobile: string): string {
  return /^\d{10}$/.test(mobile) ? `${mobile.slice(0, 5)} ${mobile.slice(5)}` : mobile;
}

/** An address as it goes on a parcel: name, lines, city, state and PIN code, mobile. */
export function AddressLines({ address, nameId }: { address: Address; nameId?: string }) {
  return (
    <div className="min-w-0 text-sm leading-6 text-ink">
      <p id={nameId} className="font-semibold">
        {address.full_name}
        {address.is_default ? ' ' : null}
        {address.is_default ? (
          <span className="ml-1 rounded-full bg-gold-100 px-2 py-0.5 text-xs font-semibold text-gold-700">Default</span>
        ) : null}
      </p>
      <p>{address.line1}</p>
      {address.line2 ? <p>{address.line2}</p> : null}
      <p>
        {address.city}, {address.state} {address.pin_code}
      </p>
      <p className="text-muted">Mobile: {formatMobile(address.mobile)}</p>
    </div>
  );
}
