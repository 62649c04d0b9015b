import { readFile } from "node:fs/promises";
import path from "node:path";
import { sql } from "kysely";
import { Migrator } from "kysely/migration";
import { migrateToLatest, migrationProvider, type DatabaseHandle } from "../db/database.ts";
import { contentTypeFor, type StorageDriver } from "../media/storage.ts";
import { createKeyring } from "../security/encryption.ts";
import { fileCopy, InvalidBackup, openBackup, readDump, type Manifest } from "./archive.ts";
import { continueSequences, readTables, type AnyDB } from "./tables.ts";

export type RestoreTarget = {
  database: DatabaseHandle;
  storage: StorageDriver;
  /** APP_KEY of the target: two-factor secrets are encrypted again with it when it differs. */
  appKey: string;
  /** Replace a database that holds rows (and files the archive does not have). */
  replace?: boolean;
  /** Where the archive is unpacked while it is checked and loaded. */
  workDir: string;
};

export class TargetNotEmpty extends Error {
  readonly tables: string[];
  constructor(tables: string[]) {
    super(
      `The target database is not empty (${tables.join(", ")} hold rows). ` +
        "Restore into an empty database, or add --replace to overwrite it.",
    );
    this.tables = tables;
  }
}

export type RestoreResult = { manifest: Manifest; migrated: string[] };

/**
 * Loads a backup into the target database and storage: checks the whole archive first, creates
 * the schema the backup was taken at, loads the rows, continues the id counters past them, then
 * migrates to the latest schema and copies the files.
 */
export async function restoreBackup(file: string, target: RestoreTarget): Promise<RestoreResult> {
  const opened = await openBackup(file, target.workDir);
  try {
    const { manifest, dir } = opened;
    const { db, dialect } = target.database;
    const known = Object.keys(await migrationProvider(dialect).getMigrations());
    if (!known.includes(manifest.schemaVersion)) {
      throw new InvalidBackup(
        `The backup's schema (${manifest.schemaVersion}) is newer than this version of Almoner knows: update Almoner first.`,
      );
    }
    await emptyTarget(db as AnyDB, dialect, Boolean(target.replace));

    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    const { error } = await migrator.migrateTo(manifest.schemaVersion);
    if (error) throw error;

    const reencrypt = twoFactorReencryption(manifest.appKey, target.appKey);
    await db.transaction().execute(async (transaction) => {
      const trx = transaction as AnyDB;
      const present = new Set((await readTables(trx, dialect)).map((table) => table.name));
      for (const table of manifest.tables) {
        if (!present.has(table.name))
          throw new InvalidBackup(`The backup has a table "${table.name}" its schema does not.`);
        for await (const rows of readDump(dir, table.name)) {
          await trx
            .insertInto(table.name)
            .values(rows.map((row) => reencrypt(table.name, row)))
            .execute();
        }
      }
      await continueSequences(trx, dialect, manifest.sequences);
    });
    const migrated = await migrateToLatest(target.database);

    const keep = new Set(manifest.files.map((item) => item.key));
    if (target.replace) {
      const stale: string[] = [];
      for await (const key of target.storage.list()) if (!keep.has(key)) stale.push(key);
      for (const key of stale) await target.storage.delete(key);
    }
    for (const item of manifest.files) {
      const bytes = await readFile(path.join(dir, fileCopy(item.key)));
      await target.storage.put(item.key, bytes, contentTypeFor(item.key));
    }
    return { manifest, migrated };
  } finally {
    await opened.cleanup();
  }
}

/**
 * Refuses a target with rows unless `replace`; then drops every table (an empty schema left by
 * an earlier start or a failed restore included), so the backup's own schema can be built.
 */
async function emptyTarget(db: AnyDB, dialect: DatabaseHandle["dialect"], replace: boolean) {
  const tables = await readTables(db, dialect);
  const withRows: string[] = [];
  for (const table of tables) {
    const { rows } = await sql<{ n: number }>`
      select count(*) as n from ${sql.table(table.name)}`.execute(db);
    if (Number(rows[0]?.n) > 0) withRows.push(table.name);
  }
  if (withRows.length > 0 && !replace) throw new TargetNotEmpty(withRows);
  const cascade = dialect === "postgres" ? sql` cascade` : sql``;
  for (const table of [...tables].reverse()) {
    await sql`drop table if exists ${sql.table(table.name)}${cascade}`.execute(db);
  }
  for (const bookkeeping of ["kysely_migration", "kysely_migration_lock"]) {
    await sql`drop table if exists ${sql.table(bookkeeping)}`.execute(db);
  }
}

const ENCRYPTED_USER_COLUMNS = ["two_factor_secret", "two_factor_recovery_codes"] as const;

type Row = Record<string, unknown>;

/**
 * Moves the two-factor secrets of a row from the backup's APP_KEY to the target's: a user's, and
 * those of a user in the trash (record 055), whose row is kept as JSON.
 */
function twoFactorReencryption(fromKey: string, toKey: string) {
  if (fromKey === toKey) return (_table: string, row: Row) => row;
  const from = createKeyring(fromKey);
  const to = createKeyring(toKey);
  const userRow = (row: Row) => {
    const copy = { ...row };
    for (const column of ENCRYPTED_USER_COLUMNS) {
      const value = copy[column];
      if (typeof value !== "string") continue;
      try {
        copy[column] = to.encrypt(from.decrypt(value));
      } catch {
        throw new InvalidBackup(
          `User ${String(row.id)}'s ${column} cannot be read with the backup's APP_KEY.`,
        );
      }
    }
    return copy;
  };
  return (table: string, row: Row): Row => {
    if (table === "users") return userRow(row);
    if (table !== "trash" || row.kind !== "user") return row;
    const kept = JSON.parse(String(row.rows)) as { users?: Row[] };
    return { ...row, rows: JSON.stringify({ ...kept, users: kept.users?.map(userRow) }) };
  };
}
