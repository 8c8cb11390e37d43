import { z } from './zod';

/**
 * The zod shape of an envelope around `data`, used by route schemas and by tests. Kept apart from
 * api.ts so the browser's first load gets the response codes without zod.
 */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.union([z.literal(1), z.literal(0), z.literal(-1), z.literal(-2)]),
    message: z.string(),
    data,
  });
}
