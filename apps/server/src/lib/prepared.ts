/**
 * A prepared statement per database handle, built on first use. PostgreSQL then plans the query once
 * per connection instead of on every call: for a one-row lookup by key, planning costs several times
 * the execution (0.4 ms against 0.04 ms), and hot calls (the balance, the session) make such lookups
 * on every request.
 */
export function preparedPer<Db extends object, Statement>(
  build: (db: Db) => Statement,
): (db: Db) => Statement {
  const statements = new WeakMap<Db, Statement>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = build(db);
      statements.set(db, statement);
    }
    return statement;
  };
}
