/**
 * A read the API makes on every page view, built once per database handle: drizzle turns the query
 * into SQL once (not per request), and on PostgreSQL the statement is named, so each pooled
 * connection parses it once and may keep its plan. Values come in through `sql.placeholder(...)`.
 *
 * Keyed by the handle (a transaction is a handle of its own, kept only as long as it lives).
 */
export function preparedPerDatabase<Handle extends object, Prepared>(build: (db: Handle) => Prepared): (db: Handle) => Prepared {
  const byHandle = new WeakMap<Handle, Prepared>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      prepared = build(db);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
