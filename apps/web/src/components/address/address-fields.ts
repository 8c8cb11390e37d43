import { addressFieldsSchema, canonicalState, type Address, type AddressFields } from '@ssd/shared/addresses';

/*
 * The address form's values and their check, with the shared field schemas
 * (@ssd/shared/addresses): the server checks the same rules with the same messages.
 */

export const ADDRESS_FIELD_NAMES = ['full_name', 'mobile', 'line1', 'line2', 'city', 'state', 'pin_code'] as const;
export type AddressFieldName = (typeof ADDRESS_FIELD_NAMES)[number];

/** What the form holds: every field as typed. */
export type AddressFormValues = Record<AddressFieldName, string>;

/** One problem per field, the first the schema finds. */
export type AddressErrors = Partial<Record<AddressFieldName, string>>;

/** The labels, named as the contract's messages name the fields ('Full name must be at most 80 characters.'). */
export const ADDRESS_LABELS: Readonly<Record<AddressFieldName, string>> = {
  full_name: 'Full name',
  mobile: 'Mobile number',
  line1: 'Address line 1',
  line2: 'Address line 2 (optional)',
  city: 'City',
  state: 'State or union territory',
  pin_code: 'PIN code',
};

export const EMPTY_ADDRESS: AddressFormValues = {
  full_name: '',
  mobile: '',
  line1: '',
  line2: '',
  city: '',
  state: '',
  pin_code: '',
};

/** An address as the form starts editing it; a state no longer listed starts unchosen. */
export function formValuesOf(address: Address): AddressFormValues {
  return {
    full_name: address.full_name,
    mobile: address.mobile,
    line1: address.line1,
    line2: address.line2 ?? '',
    city: address.city,
    state: canonicalState(address.state) ?? '',
    pin_code: address.pin_code,
  };
}

function isFieldName(key: unknown): key is AddressFieldName {
  return typeof key === 'string' && (ADDRESS_FIELD_NAMES as readonly string[]).includes(key);
}

export type AddressCheck = { ok: true; fields: AddressFields } | { ok: false; errors: AddressErrors };

/**
 * The fields as the server will store them (trimmed, the mobile as 10 digits, a blank line 2 as
 * null), or the first problem of each field with the contract's message.
 */
export function validateAddress(values: AddressFormValues): AddressCheck {
  const parsed = addressFieldsSchema.safeParse(values);
  if (parsed.success) return { ok: true, fields: parsed.data };
  const errors: AddressErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isFieldName(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return { ok: false, errors };
}
