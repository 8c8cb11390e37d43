import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  ADDRESS_MESSAGES,
  addressIdSchema,
  canonicalState,
  createAddressRequestSchema,
  fullNameSchema,
  INDIAN_STATES,
  INDIAN_UNION_TERRITORIES,
  line2Schema,
  mobileSchema,
  normaliseMobile,
  pinCodeSchema,
  stateSchema,
  updateAddressRequestSchema,
} from '../src/addresses';

function messages(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

const VALID = {
  full_name: 'Meera Iyer',
  mobile: '98765 43210',
  line1: '12, 4th Cross, Malleshwaram',
  line2: 'Near the temple',
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560003',
};

describe('INDIAN_STATES', () => {
  it('the 28 states and 8 union territories, each once, alphabetical', () => {
    expect(INDIAN_STATES).toHaveLength(36);
    expect(new Set(INDIAN_STATES).size).toBe(36);
    expect(INDIAN_UNION_TERRITORIES).toHaveLength(8);
    for (const ut of INDIAN_UNION_TERRITORIES) expect(INDIAN_STATES).toContain(ut);
    expect(INDIAN_STATES.filter((name) => !(INDIAN_UNION_TERRITORIES as readonly string[]).includes(name))).toHaveLength(28);
    expect([...INDIAN_STATES].sort((a, b) => a.localeCompare(b, 'en'))).toEqual([...INDIAN_STATES]);
    for (const name of ['Dadra and Nagar Haveli and Daman and Diu', 'Jammu and Kashmir', 'Ladakh', 'Delhi', 'Telangana', 'Odisha', 'Chhattisgarh'] as const) {
      expect(INDIAN_STATES).toContain(name);
    }
  });

  it('canonicalState: any case and spacing, & for and, a few former and official names; null for anything else', () => {
    expect(canonicalState('tamil  nadu ')).toBe('Tamil Nadu');
    expect(canonicalState('JAMMU & KASHMIR')).toBe('Jammu and Kashmir');
    expect(canonicalState('Dadra & Nagar Haveli and Daman & Diu')).toBe('Dadra and Nagar Haveli and Daman and Diu');
    expect(canonicalState('National Capital Territory of Delhi')).toBe('Delhi');
    expect(canonicalState('Orissa')).toBe('Odisha');
    expect(canonicalState('Pondicherry')).toBe('Puducherry');
    expect(canonicalState('Daman and Diu')).toBeNull();
    expect(canonicalState('California')).toBeNull();
    expect(canonicalState('')).toBeNull();
  });
});

describe('mobileSchema', () => {
  it('normalises common ways of writing a number to its 10 digits', () => {
    for (const input of ['9876543210', '+91 98765 43210', '+91-98765-43210', '098765 43210', '919876543210', '0091 9876543210', ' (98765) 43210 ', '98765.43210']) {
      expect(mobileSchema.parse(input), input).toBe('9876543210');
    }
    expect(normaliseMobile('+91 6000 000 000')).toBe('6000000000');
    expect(mobileSchema.parse('7012345678')).toBe('7012345678');
  });

  it('refuses a number not starting with 6 to 9, a wrong length, letters, and other types', () => {
    expect(messages(mobileSchema.safeParse('5876543210'))).toEqual([ADDRESS_MESSAGES.mobileStart]);
    expect(messages(mobileSchema.safeParse('+91 58765 43210'))).toEqual([ADDRESS_MESSAGES.mobileStart]);
    expect(ADDRESS_MESSAGES.mobileStart).toBe('A mobile number starts with 6, 7, 8 or 9.');
    for (const input of ['', '987654321', '98765432101', '+1 9876543210', '98765abcde', '+919876', '9'.repeat(40)]) {
      expect(messages(mobileSchema.safeParse(input)), input).toEqual(['Enter a 10-digit mobile number.']);
    }
    for (const input of [9876543210, null, undefined]) {
      expect(messages(mobileSchema.safeParse(input))).toEqual(['Enter a 10-digit mobile number.']);
    }
  });
});

describe('pinCodeSchema', () => {
  it('six digits, the first 1 to 9; a space inside is dropped', () => {
    expect(pinCodeSchema.parse('560001')).toBe('560001');
    expect(pinCodeSchema.parse(' 560 001 ')).toBe('560001');
    expect(pinCodeSchema.parse('110001')).toBe('110001');
  });

  it("refuses '012345' (no PIN code starts with 0), other lengths and letters", () => {
    expect(messages(pinCodeSchema.safeParse('012345'))).toEqual(['A PIN code does not start with 0.']);
    for (const input of ['', '56000', '5600011', '56000a', '560-001', 560001]) {
      expect(messages(pinCodeSchema.safeParse(input)), String(input)).toEqual(['Enter a 6-digit PIN code.']);
    }
  });
});

describe('stateSchema', () => {
  it('answers the listed name; refuses anything not on the list', () => {
    expect(stateSchema.parse('Karnataka')).toBe('Karnataka');
    expect(stateSchema.parse('west bengal')).toBe('West Bengal');
    for (const input of ['Atlantis', '', 'Daman and Diu', 'Karnataka\u0000', 42, null]) {
      expect(messages(stateSchema.safeParse(input)), String(input)).toEqual(['Choose a state or union territory.']);
    }
  });
});

describe('text fields', () => {
  it('full name: trimmed, 2 to 80 characters, no control characters, any script', () => {
    expect(fullNameSchema.parse('  Meera Iyer \n')).toBe('Meera Iyer');
    expect(fullNameSchema.parse('मीरा अय्यर')).toBe('मीरा अय्यर');
    expect(messages(fullNameSchema.safeParse('M'))).toEqual(['Enter the full name (at least 2 characters).']);
    expect(messages(fullNameSchema.safeParse('   '))).toEqual(['Enter the full name (at least 2 characters).']);
    expect(messages(fullNameSchema.safeParse('x'.repeat(81)))).toEqual(['Full name must be at most 80 characters.']);
    expect(messages(fullNameSchema.safeParse('Meera\u0000Iyer'))).toEqual(['Full name must not contain control characters.']);
  });

  it('line2: absent, null and blank become null', () => {
    expect(line2Schema.parse(undefined)).toBeNull();
    expect(line2Schema.parse(null)).toBeNull();
    expect(line2Schema.parse('  ')).toBeNull();
    expect(line2Schema.parse(' Floor 2 ')).toBe('Floor 2');
    expect(messages(line2Schema.safeParse('x'.repeat(121)))).toEqual(['Address line 2 must be at most 120 characters.']);
  });
});

describe('request schemas', () => {
  it('create: every field normalised; is_default optional', () => {
    expect(createAddressRequestSchema.parse({ ...VALID, mobile: '+91 98765 43210', state: 'karnataka', is_default: true })).toEqual({
      ...VALID,
      mobile: '9876543210',
      is_default: true,
    });
    expect(createAddressRequestSchema.parse({ ...VALID, line2: undefined })).toEqual({ ...VALID, mobile: '9876543210', line2: null });
  });

  it('update: a full replacement, so a missing required field is refused', () => {
    const result = updateAddressRequestSchema.safeParse({ ...VALID, city: undefined, pin_code: '012345' });
    expect(messages(result)).toEqual(['Enter the city.', 'A PIN code does not start with 0.']);
  });

  it('address id: a whole number in the int4 range', () => {
    expect(addressIdSchema.parse('7')).toBe(7);
    expect(messages(addressIdSchema.safeParse('0'))).toEqual(['Address id must be a whole number from 1 to 2147483647.']);
  });
});
