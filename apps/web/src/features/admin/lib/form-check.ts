import type { z } from '@ssd/shared/zod';
import { ApiError } from '../../../lib/api-error';

export type FieldErrors<K extends string> = Partial<Record<K, string>>;

export type FormCheck<T, K extends string> = { ok: true; data: T } | { ok: false; errors: FieldErrors<K> };

/**
 * Checks a form's values with the call's shared contract, the same rules the server applies (spec 3 §5):
 * the first problem of each field, keyed by the field's name, to show under it.
 */
export function checkForm<S extends z.ZodType, K extends string>(schema: S, values: unknown): FormCheck<z.output<S>, K> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<K> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '') as K;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** The record is not there (404) or its id or title cannot name one (400): the no-data state. */
export function isNoData(error: unknown): boolean {
  return error instanceof ApiError && !error.network && (error.status === 404 || error.status === 400);
}
