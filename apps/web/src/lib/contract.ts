import type { z } from '@ssd/shared/zod';

/** A shared zod contract, loaded the first time an answer is checked with it. */
export type Contract<S extends z.ZodType> = () => Promise<S>;

/**
 * A contract that a screen's code names without loading: zod and the schemas are built only when the
 * first answer comes to be checked. Building them is a long task (30 ms of main thread on the product
 * page of a slow host), and a page the server rendered comes with its first answers already checked by
 * the server, so its first load builds none (docs/decisions/0058). A failed load is tried again next time.
 */
export function lazyContract<S extends z.ZodType>(load: () => Promise<S>): Contract<S> {
  let loading: Promise<S> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
