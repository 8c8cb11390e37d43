import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema, nameSchema, passwordSchema } from '../src/auth';
import { intIdSchema, MAX_INT_ID, productIdSchema, refuseControlCharacters } from '../src/input';
import { itemIdBodySchema, productIdParamsSchema, suggestedQuerySchema } from '../src/storefront';

const ID_MESSAGE = 'Product id must be a whole number from 1 to 2147483647.';

function messages(result: z.ZodSafeParseResult<unknown>): string[] {
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

describe('productIdSchema', () => {
  it('takes a whole number from 1 to 2,147,483,647, as a number or as digits', () => {
    expect(MAX_INT_ID).toBe(2 ** 31 - 1);
    for (const [input, id] of [
      [1, 1],
      ['1', 1],
      [' 42 ', 42],
      ['007', 7],
      [MAX_INT_ID, MAX_INT_ID],
      [String(MAX_INT_ID), MAX_INT_ID],
      [1.0, 1],
    ] as const) {
      expect(productIdSchema.parse(input)).toBe(id);
    }
  });

  it('refuses everything else with one message: beyond the column, zero, negative, fractions, words, other types', () => {
    for (const input of [
      MAX_INT_ID + 1,
      String(MAX_INT_ID + 1),
      '99999999999999999999',
      1e20,
      Number.MAX_SAFE_INTEGER + 2,
      0,
      '0',
      -1,
      '-1',
      1.5,
      '1.5',
      '1e3',
      '0x10',
      '',
      ' ',
      'abc',
      '１',
      NaN,
      Infinity,
      true,
      null,
      undefined,
      [1],
      { id: 1 },
    ]) {
      const result = productIdSchema.safeParse(input);
      expect(result.success, String(input)).toBe(false);
      expect([...new Set(messages(result))], String(input)).toEqual([ID_MESSAGE]);
    }
  });

  it('is the id of every product call: path, query string and body', () => {
    expect(productIdParamsSchema.parse({ id: '12' })).toEqual({ id: 12 });
    expect(suggestedQuerySchema.parse({ id: '12' })).toEqual({ id: 12, limit: 10, offset: 0 });
    expect(itemIdBodySchema.parse({ item_id: 12 })).toEqual({ item_id: 12 });
    for (const schema of [productIdParamsSchema, suggestedQuerySchema]) {
      expect(messages(schema.safeParse({ id: '2147483648' }))).toEqual([ID_MESSAGE]);
    }
    expect(messages(itemIdBodySchema.safeParse({ item_id: 2147483648 }))).toEqual([ID_MESSAGE]);
    expect(messages(itemIdBodySchema.safeParse({}))).toEqual([ID_MESSAGE]);
  });

  it('names what the id is of', () => {
    expect(messages(intIdSchema('Sale').safeParse(0))).toEqual(['Sale id must be a whole number from 1 to 2147483647.']);
  });
});

describe('refuseControlCharacters', () => {
  const label = refuseControlCharacters(z.string().trim(), 'Label');

  it('refuses C0 and C1 controls, DEL, line and paragraph separators and half surrogate pairs', () => {
    const controls = ['\u0000', '\u0001', '\u0007', '\b', '\t', '\n', '\u000b', '\f', '\r', '\u001b', '\u001f', '\u007f', '\u0080', '\u0085', '\u009f', '\u2028', '\u2029', '\ud800', '\udfff'];
    for (const control of controls) {
      expect(messages(label.safeParse(`a${control}b`)), JSON.stringify(control)).toEqual(['Label must not contain control characters.']);
    }
  });

  it('keeps text: spaces, accents, Indic scripts with their joiners, emoji sequences, symbols', () => {
    for (const text of ['Asha Rao', 'Zoë O’Brien-Núñez', 'मीरा अय्यर', 'क्‍ष', 'ശ്രീ‌ലക്ഷ്മി', '👩🏽‍🦱 ₹ & <b>', '\u00a0a\u00a0b']) {
      expect(label.safeParse(text).success, text).toBe(true);
    }
  });

  it('checks after trimming when chained after .trim(): a trailing line break is trimmed, not refused', () => {
    expect(label.parse('  Asha Rao\r\n')).toBe('Asha Rao');
    expect(label.safeParse('Asha\r\nRao').success).toBe(false);
  });
});

describe('text fields of the contracts', () => {
  it('a name refuses control characters; a missing or long name keeps its message', () => {
    expect(messages(nameSchema.safeParse('Asha\u0000Rao'))).toEqual(['Name must not contain control characters.']);
    expect(messages(nameSchema.safeParse('Asha\u001b[31mRao'))).toEqual(['Name must not contain control characters.']);
    expect(messages(nameSchema.safeParse('   '))).toEqual(['Please enter your name.']);
    expect(messages(nameSchema.safeParse('x'.repeat(81)))).toEqual(['Name must be at most 80 characters.']);
    expect(nameSchema.parse('  Asha Rao  ')).toBe('Asha Rao');
  });

  it('a new password may hold any printable character, but no control character', () => {
    expect(passwordSchema.parse(' pass word पासवर्ड €1 ')).toBe(' pass word पासवर्ड €1 ');
    for (const password of ['long-enough\u0000', '\tlong-enough', 'long-enough\n', 'long\u007fenough', 'long-enough-\ud83d']) {
      expect(messages(passwordSchema.safeParse(password)), JSON.stringify(password)).toEqual(['Password must not contain control characters.']);
    }
    expect(messages(passwordSchema.safeParse('short'))).toEqual(['Password must be at least 8 characters.']);
  });

  it('an email with a control character is not a valid email address', () => {
    for (const email of ['a\u0000@example.com', 'a@exa\u0000mple.com', 'a\u0085b@example.com', 'a\tb@example.com']) {
      expect(messages(emailSchema.safeParse(email)), JSON.stringify(email)).toEqual(['Enter a valid email address.']);
    }
    expect(emailSchema.parse(' Asha@Example.com\n')).toBe('asha@example.com');
  });
});
