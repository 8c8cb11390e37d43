import { type SQL } from 'drizzle-orm';
import { asc, desc, sql } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { SortKey } from './sort-keys';

/*
 * A branched read (one branch per catalog: read.ts; per tag: tag-branches.ts) finds each branch's
 * first offset+limit rows in the read's order and takes the page from them. The branches return each
 * row's key with the values it sorts by, and the page (offset, limit) is taken from those, so the
 * outer read fetches only the page's rows. Taken in the outer read instead, a deep page of three
 * catalogs read 1,410 rows to keep 10 (offset 460: 9.7 ms; docs/benchmarks.md).
 */

/** The column a branch returns its row's key in. */
export const BRANCH_KEY = sql.identifier('branch_key');

const sortValue = (at: number) => sql.identifier(`sort_${at}`);

/** A branch's SELECT list: `key as branch_key, <first sort key> as sort_0, …`. */
export function branchSelection(key: PgColumn, keys: SortKey[]): SQL {
  return sql.join(
    [sql`${key} as ${BRANCH_KEY}`, ...keys.map(({ key: value }, at) => sql`${value} as ${sortValue(at)}`)],
    sql`, `,
  );
}

/**
 * `select branch_key from (found) order by sort_0, … limit … offset …`: the page's keys among the
 * branches' rows (`found`, with the columns of branchSelection).
 */
export function pageOfBranches(found: SQL, keys: SortKey[], limit: number, offset: number): SQL {
  const order = sql.join(
    keys.map(({ descending }, at) => (descending ? desc(sql`page.${sortValue(at)}`) : asc(sql`page.${sortValue(at)}`))),
    sql`, `,
  );
  return sql`select page.${BRANCH_KEY} from (${found}) as page order by ${order} limit ${limit}${offset > 0 ? sql` offset ${offset}` : sql``}`;
}
