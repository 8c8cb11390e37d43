import { z } from './zod';
import { intIdSchema, refuseControlCharacters } from './input';

/**
 * Contracts of the address book (ours: the spec is silent on delivery addresses). The web form and the
 * server validate with the same field schemas; the server stores what they output (a mobile number as
 * 10 digits, a state under its listed name).
 */

/**
 * The 28 states and 8 union territories of India (since 26 January 2020, when Dadra and Nagar Haveli and
 * Daman and Diu became one union territory; Jammu and Kashmir and Ladakh have been union territories
 * since 31 October 2019), in one alphabetical list, as a shopper looks for them in a select. The
 * National Capital Territory of Delhi is listed as 'Delhi', the name shoppers know and write on parcels.
 * The one source of the web select and the server's check.
 */
export const INDIAN_STATES = [
  'Andaman and Nicobar Islands',
  'Andhra Pradesh',
  'Arunachal Pradesh',
  'Assam',
  'Bihar',
  'Chandigarh',
  'Chhattisgarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Goa',
  'Gujarat',
  'Haryana',
  'Himachal Pradesh',
  'Jammu and Kashmir',
  'Jharkhand',
  'Karnataka',
  'Kerala',
  'Ladakh',
  'Lakshadweep',
  'Madhya Pradesh',
  'Maharashtra',
  'Manipur',
  'Meghalaya',
  'Mizoram',
  'Nagaland',
  'Odisha',
  'Puducherry',
  'Punjab',
  'Rajasthan',
  'Sikkim',
  'Tamil Nadu',
  'Telangana',
  'Tripura',
  'Uttar Pradesh',
  'Uttarakhand',
  'West Bengal',
] as const;
export type IndianState = (typeof INDIAN_STATES)[number];

/** The union territories among INDIAN_STATES; every other entry is a state. */
export const INDIAN_UNION_TERRITORIES = [
  'Andaman and Nicobar Islands',
  'Chandigarh',
  'Dadra and Nagar Haveli and Daman and Diu',
  'Delhi',
  'Jammu and Kashmir',
  'Ladakh',
  'Lakshadweep',
  'Puducherry',
] as const satisfies readonly IndianState[];

/** Former and official names a caller may send, lower case, with the listed name they mean. */
const STATE_ALIASES: Record<string, IndianState> = {
  'national capital territory of delhi': 'Delhi',
  'nct of delhi': 'Delhi',
  'new delhi': 'Delhi',
  orissa: 'Odisha',
  pondicherry: 'Puducherry',
  uttaranchal: 'Uttarakhand',
};

const STATE_KEYS = new Map<string, IndianState>([
  ...INDIAN_STATES.map((name) => [name.toLowerCase(), name] as const),
  ...Object.entries(STATE_ALIASES),
]);

/**
 * The listed name of a state or union territory, whatever its case and spacing, with '&' for 'and'
 * ('jammu & kashmir' → 'Jammu and Kashmir') and a few former or official names ('Orissa' → 'Odisha',
 * 'National Capital Territory of Delhi' → 'Delhi'); null when it names none.
 */
export function canonicalState(input: string): IndianState | null {
  const key = input.trim().replace(/\s*&\s*/g, ' and ').replace(/\s+/g, ' ').toLowerCase();
  return STATE_KEYS.get(key) ?? null;
}

/** The most addresses one shopper keeps. */
export const ADDRESS_BOOK_LIMIT = 10;

export const ADDRESS_MESSAGES = {
  added: 'Address added',
  updated: 'Address updated',
  deleted: 'Address deleted',
  defaultChosen: 'Default address chosen',
  notFound: 'Address not found.',
  limit: `You can keep up to ${ADDRESS_BOOK_LIMIT} addresses.`,
  fullName: 'Enter the full name (at least 2 characters).',
  fullNameTooLong: 'Full name must be at most 80 characters.',
  mobile: 'Enter a 10-digit mobile number.',
  mobileStart: 'A mobile number starts with 6, 7, 8 or 9.',
  line1: 'Enter the address (house number, building, street).',
  line1TooLong: 'Address line 1 must be at most 120 characters.',
  line2: 'Address line 2 must be text, or left out.',
  line2TooLong: 'Address line 2 must be at most 120 characters.',
  city: 'Enter the city.',
  cityTooLong: 'City must be at most 60 characters.',
  state: 'Choose a state or union territory.',
  pinCode: 'Enter a 6-digit PIN code.',
  pinCodeStart: 'A PIN code does not start with 0.',
  isDefault: 'is_default must be true or false.',
} as const;

const M = ADDRESS_MESSAGES;

export const fullNameSchema = refuseControlCharacters(z.string({ error: M.fullName }).trim(), 'Full name')
  .min(2, { error: M.fullName })
  .max(80, { error: M.fullNameTooLong });

/**
 * The 10 digits of an Indian mobile number as written in many ways: spaces, dashes, dots and brackets
 * are dropped, then a leading +91, 0091, 91 (before 10 more digits) or 0 (the trunk prefix).
 * '+91 98765 43210', '098765-43210' and '919876543210' all become '9876543210'.
 */
export function normaliseMobile(input: string): string {
  const compact = input.replace(/[\s\-.()]/g, '');
  const national = /^(?:\+91|0091|91|0)(\d{10})$/.exec(compact);
  return national ? national[1]! : compact;
}

/** 10 digits starting with 6, 7, 8 or 9 (the numbering plan of Indian mobile numbers), normalised as normaliseMobile. */
export const mobileSchema = z
  .string({ error: M.mobile })
  .max(32, { error: M.mobile })
  .transform(normaliseMobile)
  .pipe(
    z
      .string()
      .regex(/^\d{10}$/, { error: M.mobile, abort: true })
      .regex(/^[6-9]/, { error: M.mobileStart }),
  );

export const line1Schema = refuseControlCharacters(z.string({ error: M.line1 }).trim(), 'Address line 1')
  .min(1, { error: M.line1 })
  .max(120, { error: M.line1TooLong });

/** Optional: absent, null or blank are all stored as null. */
export const line2Schema = refuseControlCharacters(z.string({ error: M.line2 }).trim(), 'Address line 2')
  .max(120, { error: M.line2TooLong })
  .nullish()
  .transform((text) => text || null);

export const citySchema = refuseControlCharacters(z.string({ error: M.city }).trim(), 'City')
  .min(1, { error: M.city })
  .max(60, { error: M.cityTooLong });

/** A name of INDIAN_STATES (or one canonicalState recognises), answered as listed. */
export const stateSchema = z
  .string({ error: M.state })
  .max(100, { error: M.state })
  .transform((text) => canonicalState(text) ?? text)
  .pipe(z.enum(INDIAN_STATES, { error: M.state }));

/** Six digits, the first 1 to 9 (no PIN code starts with 0); a space in the middle ('560 001') is dropped. */
export const pinCodeSchema = z
  .string({ error: M.pinCode })
  .max(16, { error: M.pinCode })
  .transform((text) => text.replace(/\s/g, ''))
  .pipe(
    z
      .string()
      .regex(/^\d{6}$/, { error: M.pinCode, abort: true })
      .regex(/^[1-9]/, { error: M.pinCodeStart }),
  );

/** Every field of an address, as a shopper fills the form. */
export const addressFieldsSchema = z.object({
  full_name: fullNameSchema,
  mobile: mobileSchema,
  line1: line1Schema,
  line2: line2Schema,
  city: citySchema,
  state: stateSchema,
  pin_code: pinCodeSchema,
});
export type AddressFields = z.output<typeof addressFieldsSchema>;
export type AddressFieldsInput = z.input<typeof addressFieldsSchema>;

/**
 * POST /api/user/addresses: the fields, and `is_default: true` to make the new address the default
 * (the first address is the default whatever it says).
 */
export const createAddressRequestSchema = addressFieldsSchema.extend({
  is_default: z.boolean({ error: M.isDefault }).optional(),
});
export type CreateAddressRequest = z.input<typeof createAddressRequestSchema>;

/**
 * PUT /api/user/addresses/{id}: a full replacement of the fields (a line2 left out is cleared). Which
 * address is the default changes only with PUT /api/user/addresses/{id}/default.
 */
export const updateAddressRequestSchema = addressFieldsSchema;
export type UpdateAddressRequest = z.input<typeof updateAddressRequestSchema>;

/** An address's id (addresses.id), in a path or a body. */
export const addressIdSchema = intIdSchema('Address');
export const addressIdParamsSchema = z.object({ id: addressIdSchema });

/** An address as the API answers it. `state` is any text, so a row stored before a list change still reads. */
export const addressSchema = z.object({
  id: z.number().int(),
  full_name: z.string(),
  mobile: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  pin_code: z.string(),
  is_default: z.boolean(),
});
export type Address = z.infer<typeof addressSchema>;

/** GET and DELETE answer the address book: the default first, then the most recently changed. */
export const addressBookSchema = z.object({ addresses: z.array(addressSchema) });
export type AddressBook = z.infer<typeof addressBookSchema>;

/** POST, PUT and choosing the default answer the address acted on and the whole book (other rows' is_default may have changed). */
export const addressSavedSchema = addressBookSchema.extend({ address: addressSchema });
export type AddressSaved = z.infer<typeof addressSavedSchema>;
