import { createHash } from "node:crypto";
import { once } from "node:events";
import { createWriteStream } from "node:fs";
import { mkdir, mkdtemp, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { finished, pipeline } from "node:stream/promises";
import SQLite from "better-sqlite3";
import { Kysely, sql, SqliteDialect } from "kysely";
import type { DatabaseHandle } from "../db/database.ts";
import type { StorageDriver } from "../media/storage.ts";
import {
  fileCopy,
  FORMAT,
  hashFile,
  MANIFEST,
  packArchive,
  tableDump,
  type Manifest,
} from "./archive.ts";
import { readSequences, readTables, type AnyDB } from "./tables.ts";

export type BackupSource = {
  database: DatabaseHandle;
  /** DATA_DIR: where the SQLite file is. */
  dataDir: string;
  storage: StorageDriver;
  appKey: string;
};

const BATCH = 500;

/**
 * Writes a backup archive to `file` while the site keeps serving: the database is read inside
 * one read transaction (a snapshot), then every stored file is copied.
 */
export async function createBackup(source: BackupSource, file: string): Promise<Manifest> {
  const folder = path.dirname(path.resolve(file));
  await mkdir(folder, { recursive: true });
  const staging = await mkdtemp(path.join(folder, ".almoner-backup-"));
  const partial = `${file}.partial`;
  try {
    await mkdir(path.join(staging, "db"));
    await mkdir(path.join(staging, "files"));
    const snapshot = await withSnapshot(source, (db) =>
      dumpDatabase(db, source.database.dialect, staging),
    );
    const files = await copyFiles(source.storage, staging);
    const manifest: Manifest = {
      format: FORMAT,
      formatVersion: 1,
      createdAt: new Date().toISOString(),
      source: source.database.dialect,
      appKey: source.appKey,
      ...snapshot,
      files,
    };
    await writeFile(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
    });
    // Created first so the archive, which holds APP_KEY, is never readable by others.
    await writeFile(partial, "", { mode: 0o600 });
    await packArchive(staging, partial);
    await rename(partial, file);
    return manifest;
  } finally {
    await rm(staging, { recursive: true, force: true });
    await rm(partial, { force: true });
  }
}

/**
 * Runs `read` inside a read-only snapshot. SQLite gets its own connection, so the site's writes
 * go on beside it (WAL); PostgreSQL gets one pooled connection in REPEATABLE READ.
 */
async function withSnapshot<T>(
  { database, dataDir }: BackupSource,
  read: (db: AnyDB) => Promise<T>,
): Promise<T> {
  if (database.dialect === "postgres") {
    return database.db.connection().execute(async (connection) => {
      const db = connection as AnyDB;
      await sql`begin isolation level repeatable read read only`.execute(db);
      try {
        return await read(db);
      } finally {
        await sql`rollback`.execute(db);
      }
    });
  }
  const connection = new SQLite(path.join(dataDir, "almoner.sqlite"), {
    readonly: true,
    fileMustExist: true,
  });
  connection.pragma("busy_timeout = 5000");
  const db: AnyDB = new Kysely({ dialect: new SqliteDialect({ database: connection }) });
  try {
    await sql`begin`.execute(db);
    try {
      return await read(db);
    } finally {
      await sql`rollback`.execute(db);
    }
  } finally {
    await db.destroy();
  }
}

type Snapshot = Pick<Manifest, "schemaVersion" | "sequences" | "tables">;

async function dumpDatabase(
  db: AnyDB,
  dialect: DatabaseHandle["dialect"],
  staging: string,
): Promise<Snapshot> {
  // The first read fixes the snapshot: everything below sees the database as it was here.
  const migrations = await sql<{ name: string }>`
    select name from kysely_migration order by name`.execute(db);
  const schemaVersion = migrations.rows.at(-1)?.name;
  if (!schemaVersion) throw new Error("The database has no schema yet: nothing to back up.");
  const sequences = await readSequences(db, dialect);
  const tables: Manifest["tables"] = [];
  for (const table of await readTables(db, dialect)) {
    const hash = createHash("sha256");
    const out = createWriteStream(path.join(staging, tableDump(table.name)), { mode: 0o600 });
    let rows = 0;
    try {
      for (let offset = 0; ; offset += BATCH) {
        let query = db.selectFrom(table.name).selectAll().limit(BATCH).offset(offset);
        for (const column of table.key) query = query.orderBy(column);
        const batch = await query.execute();
        if (batch.length === 0) break;
        const text = batch.map((row) => `${JSON.stringify(row)}\n`).join("");
        hash.update(text);
        if (!out.write(text)) await once(out, "drain");
        rows += batch.length;
        if (batch.length < BATCH) break;
      }
    } finally {
      out.end();
      await finished(out);
    }
    tables.push({ name: table.name, rows, sha256: hash.digest("hex") });
  }
  return { schemaVersion, sequences, tables };
}

async function copyFiles(storage: StorageDriver, staging: string): Promise<Manifest["files"]> {
  const files: Manifest["files"] = [];
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  keys.sort();
  for (const key of keys) {
    const object = await storage.get(key);
    // Deleted since it was listed (a trash purge): the snapshot no longer names it either.
    if (!object) continue;
    const copy = path.join(staging, fileCopy(key));
    await mkdir(path.dirname(copy), { recursive: true });
    await pipeline(object.stream, createWriteStream(copy, { mode: 0o600 }));
    const { size } = await stat(copy);
    files.push({ key, size, sha256: await hashFile(copy) });
  }
  return files;
}

export const BACKUP_NAME = /^almoner-backup-[0-9TZ-]+\.tar\.gz$/;

/** `almoner-backup-2026-11-25T22-30-00Z.tar.gz`: names sort by time. */
export function backupFileName(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
  return `almoner-backup-${stamp}.tar.gz`;
}

/** Deletes all but the newest `keep` backups in `folder` (by their names); returns the deleted. */
export async function pruneBackups(folder: string, keep: number): Promise<string[]> {
  const names = (await readdir(folder)).filter((name) => BACKUP_NAME.test(name)).sort();
  const old = names.slice(0, Math.max(0, names.length - keep));
  for (const name of old) await rm(path.join(folder, name), { force: true });
  return old.map((name) => path.join(folder, name));
}
