import { type Compilable, type CompiledQuery, type RawBuilder, sql, SqliteAdapter } from "kysely";
import type { DB } from "./database.ts";

/** Stands for the argument at `index` while a prepared query is built. */
class Placeholder {
  readonly index: number;
  constructor(index: number) {
    this.index = index;
  }
}

export type PreparedQuery<Args extends unknown[], Row> = {
  /** Every row the query gives for these arguments. */
  all(db: DB, ...args: Args): Promise<Row[]>;
  /** The first row, or undefined. */
  first(db: DB, ...args: Args): Promise<Row | undefined>;
};

/**
 * A query Kysely builds and compiles once per database instead of on every call (building the
 * query tree and compiling it cost more than running the small reads the public pages make).
 * `build` is called once with stand-ins for its arguments, which may only
 * be used as values (`where(column, "=", arg)`, `limit(arg)`), never to choose the query's
 * shape, and `build` takes no default or rest parameters (their count is read from it); each call then runs the compiled SQL with the real values in their places. The
 * statement itself is prepared once too, by the SQLite connection (db/sqlite-statements.ts).
 */
export function preparedQuery<Args extends unknown[], Row>(
  build: (db: DB, ...args: Args) => Compilable<Row>,
): PreparedQuery<Args, Row> {
  // Per database (SQLite and PostgreSQL compile differently; tests open several at once).
  const compiled = new WeakMap<DB, CompiledQuery<Row>>();
  const compile = (db: DB) => {
    const placeholders = Array.from(
      { length: build.length - 1 },
      (_, index) => new Placeholder(index),
    ) as Args;
    const query = build(db, ...placeholders).compile();
    compiled.set(db, query);
    return query;
  };
  const all = async (db: DB, ...args: Args): Promise<Row[]> => {
    const query = compiled.get(db) ?? compile(db);
    const parameters = query.parameters.map((value) =>
      value instanceof Placeholder ? args[value.index] : value,
    );
    return (await db.executeQuery<Row>({ ...query, parameters })).rows;
  };
  return { all, first: async (db, ...args) => (await all(db, ...args))[0] };
}

/**
 * `value` where SQLite's planner must not read it: SQLite (3.54, in better-sqlite3 13) plans some
 * queries by their bound values (an equality on an index's first column before ORDER BY, LIMIT,
 * OFFSET), and then prepares the statement again on every run, so a cached statement would be
 * parsed and planned each time (measured: the entries page read 2–3 times slower). A unary plus
 * hides the value from the planner and changes nothing else (the same index is used). PostgreSQL
 * gets the plain value.
 */
export function unplanned<T>(db: DB, value: T): T | RawBuilder<T> {
  return db.getExecutor().adapter instanceof SqliteAdapter ? sql<T>`+${value}` : value;
}
