import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { Migrator } from "kysely/migration";
import * as tar from "tar";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { InvalidBackup, openBackup } from "../../server/backup/archive.ts";
import { createBackup } from "../../server/backup/create.ts";
import { restoreBackup, TargetNotEmpty } from "../../server/backup/restore.ts";
import { readTables, type AnyDB } from "../../server/backup/tables.ts";
import { migrationProvider, openDatabase, type DatabaseHandle } from "../../server/db/database.ts";
import { trashUser } from "../../server/domain/trash.ts";
import { createLocalStorage, type StorageDriver } from "../../server/media/storage.ts";
import { createKeyring } from "../../server/security/encryption.ts";
import {
  createPrivatePostgresDatabase,
  createTempDataDir,
  createTestDatabase,
  testPostgresUrl,
} from "../fixtures/database.ts";
import { createEntry } from "../support/entries-factory.ts";
import { createAdmin, createUser, signInAs } from "../support/factories.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

const KEY_A = `base64:${Buffer.alloc(32, 1).toString("base64")}`;
const KEY_B = `base64:${Buffer.alloc(32, 2).toString("base64")}`;
const TOTP_SECRET = "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP";

type Site = DatabaseHandle & { dataDir: string; storage: StorageDriver; appKey: string };

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function tempFolder(): Promise<string> {
  const folder = await mkdtemp(path.join(os.tmpdir(), "almoner-backup-test-"));
  cleanups.push(() => rm(folder, { recursive: true, force: true }));
  return folder;
}

/** A migrated site: SQLite, or PostgreSQL on `postgresUrl`'s server. */
async function site(appKey = KEY_A, postgresUrl?: string): Promise<Site> {
  const database = await createTestDatabase({ postgresUrl });
  cleanups.push(database.cleanup);
  return { ...database, storage: createLocalStorage(database.dataDir), appKey };
}

async function emptySqliteTarget(appKey: string): Promise<Site> {
  const temp = await createTempDataDir();
  const handle = openDatabase({ dataDir: temp.dataDir });
  cleanups.push(async () => {
    await handle.db.destroy();
    await temp.cleanup();
  });
  return { ...handle, dataDir: temp.dataDir, storage: createLocalStorage(temp.dataDir), appKey };
}

async function emptyPostgresTarget(baseUrl: string, appKey: string): Promise<Site> {
  const temp = await createTempDataDir();
  const postgres = await createPrivatePostgresDatabase(baseUrl);
  const handle = openDatabase({ databaseUrl: postgres.url, dataDir: temp.dataDir });
  cleanups.push(async () => {
    await handle.db.destroy();
    await postgres.drop();
    await temp.cleanup();
  });
  return { ...handle, dataDir: temp.dataDir, storage: createLocalStorage(temp.dataDir), appKey };
}

const photo = (n: number) => Buffer.concat([Buffer.from(`photo ${n} `), randomBytes(2048)]);
const now = () => new Date().toISOString();

/** Accounts (one with two-factor), entries with photos, a gallery, widgets, settings. */
async function seed(site: Site) {
  const keyring = createKeyring(site.appKey);
  await createAdmin(site.db, {
    two_factor_secret: keyring.encrypt(TOTP_SECRET),
    two_factor_recovery_codes: keyring.encrypt(JSON.stringify(["aaaa-bbbb", "cccc-dddd"])),
    two_factor_confirmed_at: now(),
  });
  await createUser(site.db);
  // A user in the trash keeps their two-factor secrets in the trash row's JSON (record 055).
  const leaver = await createUser(site.db, {
    two_factor_secret: keyring.encrypt(TOTP_SECRET),
    two_factor_recovery_codes: keyring.encrypt(JSON.stringify(["eeee-ffff"])),
    two_factor_confirmed_at: now(),
  });
  const trash = { db: site.db, storage: site.storage, trashDays: 30 };
  await trashUser(trash, { actor: null }, site.dialect, leaver.id);
  const entry = await createEntry(site.db, "project", { preview_text: "a “quote” & <b>" });
  for (let n = 1; n <= 3; n += 1) {
    const key = `uploads/entries/seed-${n}.webp`;
    await site.storage.put(key, photo(n), "image/webp");
    await site.db
      .insertInto("entry_images")
      .values({
        entry_id: entry.id,
        path: key,
        alt: `Photo ${n}`,
        position: n,
        width: 4,
        height: 3,
        created_at: now(),
      })
      .execute();
  }
  const gallery = await site.db
    .insertInto("galleries")
    .values({ name: "Summer", created_at: now(), updated_at: now() })
    .returning("id")
    .executeTakeFirstOrThrow();
  await site.storage.put("uploads/galleries/g-1.jpg", photo(10), "image/jpeg");
  await site.db
    .insertInto("gallery_images")
    .values({
      gallery_id: gallery.id,
      path: "uploads/galleries/g-1.jpg",
      alt: "",
      link: "",
      position: 0,
      created_at: now(),
    })
    .execute();
  for (const name of ["One", "Two", "Three"]) {
    await site.db
      .insertInto("widgets")
      .values({
        name,
        type: "TEXT",
        html: `<p>${name}</p>`,
        image: null,
        alt: "",
        created_at: now(),
        updated_at: now(),
      })
      .execute();
  }
  // The newest widget is deleted: its id must not be handed out again after a restore.
  await site.db.deleteFrom("widgets").where("name", "=", "Three").execute();
  await site.db.insertInto("settings").values({ key: "site_name", value: "Almoner" }).execute();
  return { entryId: entry.id };
}

/** Writes while `until` runs: each write is one transaction of a testimonial and a photo row. */
async function burstOfWrites(site: Site, entryId: number, until: Promise<unknown>) {
  let running = true;
  void until.finally(() => (running = false));
  let writes = 0;
  while (running) {
    writes += 1;
    const key = `uploads/entries/burst-${writes}.webp`;
    await site.storage.put(key, photo(1000 + writes), "image/webp");
    await site.db.transaction().execute(async (trx) => {
      await trx
        .insertInto("testimonials")
        .values({
          name: `Burst ${writes}`,
          score: 5,
          review: "Kind",
          created_at: now(),
          updated_at: now(),
        })
        .execute();
      await trx
        .insertInto("entry_images")
        .values({
          entry_id: entryId,
          path: key,
          alt: "burst",
          position: 100 + writes,
          width: null,
          height: null,
          created_at: now(),
        })
        .execute();
    });
  }
  return writes;
}

async function rowsOf(site: Site, table: string, key: string[]) {
  let query = (site.db as AnyDB).selectFrom(table).selectAll();
  for (const column of key) query = query.orderBy(column);
  return (await query.execute()) as Record<string, unknown>[];
}

/** Two-factor secrets read back in plain text, as each site's own key opens them. */
function withPlainSecrets(site: Site, rows: Record<string, unknown>[]) {
  const keyring = createKeyring(site.appKey);
  return rows.map((row) => ({
    ...row,
    two_factor_secret: row.two_factor_secret && keyring.decrypt(String(row.two_factor_secret)),
    two_factor_recovery_codes:
      row.two_factor_recovery_codes && keyring.decrypt(String(row.two_factor_recovery_codes)),
  }));
}

/** The same for the users the trash keeps, whose rows are JSON in a trash row. */
function withPlainTrashedSecrets(site: Site, rows: Record<string, unknown>[]) {
  return rows.map((row) => {
    const kept = JSON.parse(String(row.rows)) as { users?: Record<string, unknown>[] };
    if (!kept.users) return row;
    return { ...row, rows: { ...kept, users: withPlainSecrets(site, kept.users) } };
  });
}

async function fileBytes(storage: StorageDriver, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: StorageDriver): Promise<string[]> {
  const keys: string[] = [];
  for await (const key of storage.list()) keys.push(key);
  return keys.sort();
}

/**
 * Every table of the target equals the source's as it was at the snapshot: the burst's tables
 * hold the source's rows up to the last id the snapshot saw, every other table all of them.
 */
async function expectSnapshotOf(source: Site, target: Site, seededKeys: string[]) {
  const sourceTables = await readTables(source.db as AnyDB, source.dialect);
  const targetTables = await readTables(target.db as AnyDB, target.dialect);
  expect(targetTables.map((t) => t.name).sort()).toEqual(sourceTables.map((t) => t.name).sort());
  const restored: Record<string, Record<string, unknown>[]> = {};
  for (const table of sourceTables) {
    let expected = await rowsOf(source, table.name, table.key);
    let actual = await rowsOf(target, table.name, table.key);
    if (table.name === "testimonials" || table.name === "entry_images") {
      const lastId = Math.max(0, ...actual.map((row) => Number(row.id)));
      expected = expected.filter((row) => Number(row.id) <= lastId);
    }
    if (table.name === "users") {
      expected = withPlainSecrets(source, expected);
      actual = withPlainSecrets(target, actual);
    }
    if (table.name === "trash") {
      expected = withPlainTrashedSecrets(source, expected);
      actual = withPlainTrashedSecrets(target, actual);
    }
    expect(actual, table.name).toEqual(expected);
    restored[table.name] = actual;
  }
  // One transaction wrote each pair: a snapshot holds both rows of a pair or neither.
  const burstTestimonials = restored.testimonials!.length;
  const burstPhotos = restored.entry_images!.filter((row) => row.alt === "burst").length;
  expect(burstPhotos).toBe(burstTestimonials);

  const targetKeys = await keysOf(target.storage);
  const referenced = restored.entry_images!.map((row) => String(row.path));
  expect(targetKeys).toEqual(expect.arrayContaining([...seededKeys, ...referenced]));
  for (const key of targetKeys) {
    expect(await fileBytes(target.storage, key), key).toEqual(await fileBytes(source.storage, key));
  }
  return { burstTestimonials };
}

async function expectIdsContinue(target: Site) {
  const widget = await target.db
    .insertInto("widgets")
    .values({
      name: "Four",
      type: "TEXT",
      html: "",
      image: null,
      alt: "",
      created_at: now(),
      updated_at: now(),
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  expect(widget.id).toBe(4);
}

async function backupOf(site: Site, folder: string, name = "site.tar.gz") {
  const file = path.join(folder, name);
  const manifest = await createBackup({ database: site, ...site }, file);
  return { file, manifest };
}

describe("backup and restore", () => {
  it("backs up while writes go on and restores that moment into an empty SQLite and PostgreSQL", async () => {
    const sources = [await site(KEY_A)];
    if (testPostgresUrl) sources.push(await site(KEY_A, testPostgresUrl));
    for (const source of sources) {
      const { entryId } = await seed(source);
      const seededKeys = await keysOf(source.storage);
      const folder = await tempFolder();

      const backup = backupOf(source, folder);
      const writes = await burstOfWrites(source, entryId, backup);
      const { file, manifest } = await backup;
      expect(manifest.source).toBe(source.dialect);
      expect(manifest.schemaVersion).toBe("0010-entry-date-chosen");
      expect(manifest.tables.find((t) => t.name === "users")?.rows).toBe(2);

      const targets = [await emptySqliteTarget(KEY_A), await emptySqliteTarget(KEY_B)];
      if (testPostgresUrl) targets.push(await emptyPostgresTarget(testPostgresUrl, KEY_B));
      for (const target of targets) {
        await restoreBackup(file, { database: target, ...target, workDir: folder });
        const { burstTestimonials } = await expectSnapshotOf(source, target, seededKeys);
        // Writes ran while the backup did, and went on after its snapshot.
        expect(writes).toBeGreaterThan(burstTestimonials);
        await expectIdsContinue(target);
      }
    }
  });

  it("migrates an older backup up to the latest schema", async () => {
    const temp = await createTempDataDir();
    const old = openDatabase({ dataDir: temp.dataDir });
    cleanups.push(async () => {
      await old.db.destroy();
      await temp.cleanup();
    });
    const migrator = new Migrator({ db: old.db, provider: migrationProvider("sqlite") });
    expect((await migrator.migrateTo("0007-entry-status")).error).toBeUndefined();
    const site: Site = {
      ...old,
      dataDir: temp.dataDir,
      storage: createLocalStorage(temp.dataDir),
      appKey: KEY_A,
    };
    const entry = await createEntry(site.db, "blog", { title: "Old news" });
    const folder = await tempFolder();
    const { file, manifest } = await backupOf(site, folder);
    expect(manifest.schemaVersion).toBe("0007-entry-status");

    const target = await emptySqliteTarget(KEY_A);
    const { migrated } = await restoreBackup(file, {
      database: target,
      ...target,
      workDir: folder,
    });
    expect(migrated).toContain("0010-entry-date-chosen");
    const restored = await target.db.selectFrom("entries").selectAll().execute();
    expect(restored).toMatchObject([{ id: entry.id, title: "Old news" }]);
    expect(await target.db.selectFrom("user_invitations").selectAll().execute()).toEqual([]);
  });

  it("refuses a tampered archive in --verify and in restore, and leaves the target empty", async () => {
    const source = await site();
    await seed(source);
    const folder = await tempFolder();
    const { file } = await backupOf(source, folder);

    const verify = (archive: string) =>
      promisify(execFile)(process.execPath, ["scripts/backup.ts", "--verify", archive]).then(
        (result) => ({ code: 0, ...result }),
        (error: { code: number; stdout: string; stderr: string }) => error,
      );
    const sound = await verify(file);
    expect(sound.code).toBe(0);
    expect(sound.stdout).toContain("every checksum matches");

    // One photo changed inside a well-formed archive.
    const unpacked = path.join(folder, "unpacked");
    await rm(unpacked, { recursive: true, force: true });
    await import("node:fs/promises").then((fs) => fs.mkdir(unpacked));
    await tar.extract({ file, cwd: unpacked });
    await writeFile(path.join(unpacked, "files/uploads/entries/seed-2.webp"), photo(99));
    const tampered = path.join(folder, "tampered.tar.gz");
    await tar.create({ gzip: true, file: tampered, cwd: unpacked }, [
      "manifest.json",
      "db",
      "files",
    ]);
    // And one byte flipped in the middle of the compressed file.
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)]! ^= 0xff;
    const flipped = path.join(folder, "flipped.tar.gz");
    await writeFile(flipped, bytes);

    const refusedTampered = await verify(tampered);
    expect(refusedTampered.code).toBe(1);
    expect(refusedTampered.stderr).toContain(
      "is NOT a sound backup: files/uploads/entries/seed-2.webp does not match its checksum.",
    );
    const refusedFlipped = await verify(flipped);
    expect(refusedFlipped.code).toBe(1);
    expect(refusedFlipped.stderr).toContain("is NOT a sound backup");

    const target = await emptySqliteTarget(KEY_A);
    for (const archive of [tampered, flipped]) {
      await expect(
        restoreBackup(archive, { database: target, ...target, workDir: folder }),
      ).rejects.toBeInstanceOf(InvalidBackup);
    }
    expect(await readTables(target.db as AnyDB, "sqlite")).toEqual([]);
    expect(await keysOf(target.storage)).toEqual([]);
  });

  it("refuses a target that holds rows unless told to replace it", async () => {
    const source = await site();
    await seed(source);
    const folder = await tempFolder();
    const { file } = await backupOf(source, folder);

    const target = await site(KEY_A);
    const stranger = await createUser(target.db, { firstname: "Stranger" });
    await target.storage.put("uploads/widgets/old.webp", photo(5), "image/webp");
    const refusal = restoreBackup(file, { database: target, ...target, workDir: folder });
    await expect(refusal).rejects.toBeInstanceOf(TargetNotEmpty);
    await expect(refusal).rejects.toThrow(/not empty \(users hold rows\).*--replace/);
    expect(await target.db.selectFrom("users").select("id").execute()).toEqual([
      { id: stranger.id },
    ]);

    await restoreBackup(file, { database: target, ...target, replace: true, workDir: folder });
    const emails = await target.db.selectFrom("users").select("email").execute();
    expect(emails).toEqual(await source.db.selectFrom("users").select("email").execute());
    expect(await keysOf(target.storage)).toEqual(await keysOf(source.storage));
  });
});

describe("GET /api/backup", () => {
  let api: TestApi;
  beforeAll(async () => {
    api = await startTestApi();
  });
  afterAll(async () => {
    await api?.close();
  });

  it("answers 423 without a recent password confirmation, 403 to a member", async () => {
    const member = api.client();
    await signInAs(api.database.db, member, await createUser(api.database.db), {
      "auth.password_confirmed_at": Math.floor(Date.now() / 1000),
    });
    expect((await member.get("/api/backup")).status).toBe(403);

    const admin = api.client();
    await signInAs(api.database.db, admin, await createAdmin(api.database.db));
    const response = await admin.get("/api/backup");
    expect(response.status).toBe(423);
    expect(response.body).toEqual({ message: "Password confirmation required." });

    const stale = api.client();
    await signInAs(api.database.db, stale, await createAdmin(api.database.db), {
      "auth.password_confirmed_at": Math.floor(Date.now() / 1000) - 10_801,
    });
    expect((await stale.get("/api/backup")).status).toBe(423);
  });

  it("streams a sound archive to an admin who confirmed the password, and logs it", async () => {
    const user = await createAdmin(api.database.db);
    const admin = api.client();
    await signInAs(api.database.db, admin, user, {
      "auth.password_confirmed_at": Math.floor(Date.now() / 1000),
    });
    const url = `${api.url}/api/backup`;
    const response = await fetch(url, {
      headers: {
        Cookie: await admin.jar.getCookieString(url),
        Origin: TEST_APP_URL,
        Referer: `${TEST_APP_URL}/`,
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/gzip");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="almoner-backup-[0-9TZ-]+\.tar\.gz"$/,
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const folder = await tempFolder();
    const file = path.join(folder, "download.tar.gz");
    await writeFile(file, Buffer.from(await response.arrayBuffer()));
    const opened = await openBackup(file, folder);
    await opened.cleanup();
    const users = await api.database.db.selectFrom("users").select("id").execute();
    expect(opened.manifest.tables.find((t) => t.name === "users")?.rows).toBe(users.length);

    const line = await api.database.db
      .selectFrom("activity")
      .selectAll()
      .where("action", "=", "backup_downloaded")
      .executeTakeFirstOrThrow();
    expect(line).toMatchObject({ user_id: user.id, subject: "backup" });
  });
});
