import type SQLite from "better-sqlite3";
import type { SqliteDatabase, SqliteStatement } from "kysely";

/** Enough for every query the application writes, with room for the `in (…)` lists of each length. */
const DEFAULT_CAPACITY = 500;

/**
 * The connection Kysely's SQLite dialect is given: each SQL text is prepared once and its
 * statement reused (Kysely prepares every query it runs otherwise, and preparing costs more than
 * running the small reads the public pages make). SQLite re-prepares a statement by itself when
 * the schema changed under it, so a migration needs nothing here. The least recently used
 * statements are dropped past `capacity`.
 */
export function preparingOnce(
  sqlite: SQLite.Database,
  capacity = DEFAULT_CAPACITY,
): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string): SqliteStatement {
      let statement = statements.get(sql);
      if (statement) {
        // Map keeps insertion order: moving the statement to the end makes the first the oldest.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= capacity) statements.delete(statements.keys().next().value!);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
  };
}
