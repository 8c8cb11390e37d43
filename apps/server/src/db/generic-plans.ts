import type pg from 'pg';
import type postgres from 'postgres';

/**
 * Statements whose plan does not depend on their values (content/plan-shapes.ts), run on the pipelined
 * connection of the short reads (DatabaseHandle.reads: postgres.js, one connection, decisions/0067), which
 * plans every statement generically (`plan_cache_mode = force_generic_plan`, decisions/0096): each shape is
 * parsed and planned once and kept, and the statements of concurrent requests are written one after another
 * without waiting, so that one wake-up of the database serves several (decisions/0100, which moved them off
 * a node-postgres pool of their own, 0093: cold listings 8–28% more a second).
 *
 * The other content reads stay on the app's pool, unnamed, each planned for its values: a generic plan of a
 * search, or of a range the order does not walk, was 10–100 times slower, and a slow statement on the one
 * connection would hold up every read queued behind it. Which statements qualify is the caller's rule;
 * this module only runs them.
 */

/**
 * Shapes kept prepared per process, at most: beyond, a statement is sent unprepared (parsed and planned
 * for each run, still generically), so the prepared statements the connection holds stay bounded.
 */
export const MAX_NAMED_SHAPES = 1_000;

export interface GenericPlans {
  /** The pipelined connection that plans generically (DatabaseHandle.reads' client). */
  client: postgres.Sql;
  /** Whether `text` is kept prepared: the first MAX_NAMED_SHAPES texts asked about, always the same answer for a text. */
  keeps(text: string): boolean;
}

const byPool = new WeakMap<pg.Pool, GenericPlans>();

/** Runs the generic-plan statements of reads made on the app's pool `main` on `client` (genericPlansOf). */
export function useGenericPlans(main: pg.Pool, client: postgres.Sql): GenericPlans {
  const kept = new Set<string>();
  const plans: GenericPlans = {
    client,
    keeps(text) {
      if (kept.has(text)) return true;
      if (kept.size >= MAX_NAMED_SHAPES) return false;
      kept.add(text);
      return true;
    },
  };
  byPool.set(main, plans);
  return plans;
}

/** The generic-plan connection registered for the app's pool `main`; undefined for any other pool (a script's, a test's). */
export function genericPlansOf(main: pg.Pool): GenericPlans | undefined {
  return byPool.get(main);
}
