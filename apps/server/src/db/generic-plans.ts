import pg from 'pg';

/**
 * Statements whose plan does not depend on their values, run as named statements on connections of their
 * own that plan every named statement once, generically (`plan_cache_mode = force_generic_plan`), so that
 * each run skips parsing and planning (decisions/0093). On 100,000 products a cold listing's rows statement
 * spent about half of PostgreSQL's time in parse and plan (bench/statement-log.ts, 2026-11-30).
 *
 * Why connections of their own: the setting is per session and also applies to unnamed statements, and the
 * content service sends its other reads unnamed precisely so that each is planned for its values (a search,
 * a listing sorted by date within a price range: generic plans of those were 10–100 times slower).
 * Which statements qualify is the caller's rule (content/plan-shapes.ts); this module only runs them.
 */

/** Shapes named per process, at most: beyond, a statement is sent unnamed (planned for its values), as before. */
export const MAX_NAMED_SHAPES = 1_000;

/**
 * Runs after which a connection is closed and opened again: each connection keeps every statement it
 * prepared until it ends (node-postgres never deallocates), so this bounds the server memory they hold.
 */
const RUNS_PER_CONNECTION = 20_000;

export interface GenericPlans {
  pool: pg.Pool;
  /** The statement name of a text, or undefined when MAX_NAMED_SHAPES are named already. */
  nameOf(text: string): string | undefined;
}

const byPool = new WeakMap<pg.Pool, GenericPlans>();

/** A pool of `size` connections planning named statements generically, kept beside `main` (genericPlansOf). */
export function openGenericPlans(main: pg.Pool, url: string, size: number, jit: string): GenericPlans {
  const pool = new pg.Pool({
    connectionString: url,
    max: size,
    maxUses: RUNS_PER_CONNECTION,
    options: `-c jit=${jit} -c plan_cache_mode=force_generic_plan`,
  });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  const names = new Map<string, string>();
  const plans: GenericPlans = {
    pool,
    nameOf(text) {
      let name = names.get(text);
      if (name === undefined && names.size < MAX_NAMED_SHAPES) names.set(text, (name = `generic_${names.size + 1}`));
      return name;
    },
  };
  byPool.set(main, plans);
  return plans;
}

/** The generic-plan pool opened beside the app's pool `main`; undefined for any other pool (a script's, a test's). */
export function genericPlansOf(main: pg.Pool): GenericPlans | undefined {
  return byPool.get(main);
}
