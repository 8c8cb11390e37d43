/** One field an admin write changed, as the audit log keeps it (JSON values). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The fields that differ between an audit entry's before and after, in their order (before's keys
 * first). A record that did not exist before (an add) or no longer exists (a delete) shows every field
 * it had; a value that is not a record is one field, "value".
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] {
  if (!isRecord(before) && !isRecord(after)) return same(before, after) ? [] : [{ field: 'value', before: before ?? null, after: after ?? null }];
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields.filter((field) => !same(from[field], to[field])).map((field) => ({ field, before: from[field] ?? null, after: to[field] ?? null }));
}

/** A value of the diff as staff read it: text as is, anything else as compact JSON, absent as an em dash. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}
