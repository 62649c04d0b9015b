import { createRequire } from "node:module";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Migration, MigrationProvider } from "kysely/migration";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { Migrator } from "kysely/migration";
import type pg from "pg";
import * as initial from "./migrations/0001-initial.ts";
import * as entryImageSize from "./migrations/0002-entry-image-size.ts";
import * as contactMailClaim from "./migrations/0003-contact-mail-claim.ts";
import * as throttles from "./migrations/0004-throttles.ts";
import * as entrySlugRedirects from "./migrations/0005-entry-slug-redirects.ts";
import * as trashHistoryActivity from "./migrations/0006-trash-history-activity.ts";
import * as entryStatus from "./migrations/0007-entry-status.ts";
import * as messagesInvitations from "./migrations/0009-messages-invitations.ts";
import * as entryDateChosen from "./migrations/0010-entry-date-chosen.ts";
import type { Database } from "./schema.ts";
import { preparingOnce } from "./sqlite-statements.ts";

const requireModule = createRequire(import.meta.url);

export type SqlDialect = "sqlite" | "postgres";
export type DB = Kysely<Database>;

export type DatabaseHandle = {
  db: DB;
  dialect: SqlDialect;
  /** The pool under `db` on PostgreSQL, for libraries that take a pg pool (the throttles). */
  pool?: pg.Pool;
};

/** Opens SQLite in DATA_DIR by default, PostgreSQL when a postgres:// URL is given. */
export function openDatabase(options: { databaseUrl?: string; dataDir: string }): DatabaseHandle {
  if (options.databaseUrl) {
    // Loaded only here: a site on SQLite does not carry the PostgreSQL client in its memory.
    const postgres = requireModule("pg") as typeof pg;
    // Keep BIGINT columns as JavaScript numbers, as SQLite returns them.
    postgres.types.setTypeParser(postgres.types.builtins.INT8, (value) => Number(value));
    // Statements stay unnamed (parsed on each run): a named `select *` prepared on a pooled
    // connection fails with "cached plan must not change result type" once another instance's
    // migration adds a column, until this one restarts. Kysely still compiles the hot reads once
    // (db/prepared-query.ts).
    const pool = new postgres.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection dropped by the server (restart, failover) must not end the process.
    pool.on("error", (error) => console.error(`PostgreSQL connection lost: ${error.message}`));
    return {
      db: new Kysely<Database>({ dialect: new PostgresDialect({ pool }) }),
      dialect: "postgres",
      pool,
    };
  }
  const sqlite = new SQLite(path.join(options.dataDir, "almoner.sqlite"));
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
  return {
    db: new Kysely<Database>({ dialect: new SqliteDialect({ database: preparingOnce(sqlite) }) }),
    dialect: "sqlite",
  };
}

function migrationsFor(dialect: SqlDialect): Record<string, Migration> {
  return {
    "0001-initial": { up: (db) => initial.up(db, dialect), down: (db) => initial.down(db) },
    "0002-entry-image-size": entryImageSize,
    "0003-contact-mail-claim": contactMailClaim,
    "0004-throttles": throttles,
    "0005-entry-slug-redirects": {
      up: (db) => entrySlugRedirects.up(db, dialect),
      down: (db) => entrySlugRedirects.down(db),
    },
    "0006-trash-history-activity": {
      up: (db) => trashHistoryActivity.up(db, dialect),
      down: (db) => trashHistoryActivity.down(db),
    },
    "0007-entry-status": entryStatus,
    "0009-messages-invitations": {
      up: (db) => messagesInvitations.up(db, dialect),
      down: (db) => messagesInvitations.down(db),
    },
    "0010-entry-date-chosen": entryDateChosen,
  };
}

/** The migrations of a dialect, as Kysely's Migrator takes them. */
export function migrationProvider(dialect: SqlDialect): MigrationProvider {
  return { getMigrations: async () => migrationsFor(dialect) };
}

/** Brings the schema up to date; the same migrations run on SQLite and PostgreSQL. */
export async function migrateToLatest({ db, dialect }: DatabaseHandle): Promise<string[]> {
  const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}
