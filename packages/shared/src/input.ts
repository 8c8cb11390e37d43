import { z } from './zod';

/**
 * Rules every contract applies to what a client sends, so bad input is refused with a message before
 * it reaches the database (which would fail on it: an id beyond its column, a NUL byte in text).
 */

/** The largest value of a PostgreSQL `integer` column; every serial id of the store is one. */
export const MAX_INT_ID = 2_147_483_647;

/**
 * The id of a row keyed by an `integer` (serial) column, from a path, a query string or a JSON body:
 * a whole number from 1 to 2,147,483,647, as a number or as digits. Everything else (0, -1, 1.5,
 * 'abc', true, 2147483648) gets one message naming the rule; no row can have such an id.
 */
export function intIdSchema(what: string) {
  const error = `${what} id must be a whole number from 1 to ${MAX_INT_ID}.`;
  const id = z.number({ error }).int({ error }).min(1, { error }).max(MAX_INT_ID, { error });
  const digits = z.string({ error }).trim().regex(/^\d+$/, { error });
  return z.union([id, digits], { error }).transform(Number).pipe(id);
}

/** An item's id (items.id). */
export const productIdSchema = intIdSchema('Product');

/**
 * C0 and C1 control characters (NUL, escape, tab, line breaks…) and DEL, plus the Unicode line and
 * paragraph separators: none belongs in a one-line field, and PostgreSQL refuses a NUL in text.
 * Format characters such as the zero-width joiner stay allowed: Indic scripts and emoji need them.
 */
const CONTROL_CHARACTERS = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Half of a UTF-16 surrogate pair without the other half: no character at all (it would be stored as U+FFFD). */
const LONE_SURROGATE = /\p{Cs}/u;

/**
 * Refuses control characters in a one-line text field: '{Label} must not contain control characters.'
 * Apply it after `.trim()` so a pasted trailing line break is trimmed rather than refused.
 */
export function refuseControlCharacters(schema: z.ZodString, label: string): z.ZodString {
  const error = `${label} must not contain control characters.`;
  return schema.refine((text) => !CONTROL_CHARACTERS.test(text) && !LONE_SURROGATE.test(text), { error, abort: true });
}
