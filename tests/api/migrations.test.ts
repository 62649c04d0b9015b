import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { Migrator } from "kysely/migration";
import {
  type DatabaseHandle,
  migrateToLatest,
  migrationProvider,
  openDatabase,
} from "../../server/db/database.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

const TABLES = [
  "activity",
  "contact_messages",
  "drafts",
  "entries",
  "entry_images",
  "entry_old_slugs",
  "galleries",
  "gallery_images",
  "password_reset_tokens",
  "revisions",
  "sessions",
  "settings",
  "testimonials",
  "trash",
  "user_invitations",
  "users",
  "widgets",
];

async function columnsByTable({ db }: DatabaseHandle): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  return Object.fromEntries(
    tables
      .filter((t) => TABLES.includes(t.name))
      .map((t) => [t.name, t.columns.map((c) => c.name).sort()]),
  );
}

const apis: TestApi[] = [];
const dirs: string[] = [];
afterAll(async () => {
  await Promise.all(apis.map((api) => api.close()));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("migrations", () => {
  it(`create every table of DESIGN §7 on ${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "SQLite"}`, async () => {
    const api = await startTestApi();
    apis.push(api);
    expect(api.database.dialect).toBe(process.env.TEST_DATABASE_URL ? "postgres" : "sqlite");
    const columns = await columnsByTable(api.database);
    expect(Object.keys(columns).sort()).toEqual(TABLES);
    expect(columns.entries).toEqual(
      expect.arrayContaining([
        "kind",
        "title",
        "slug",
        "article",
        "article_html",
        "preview_text",
        "image",
        "position",
      ]),
    );
    expect(columns.contact_messages).toEqual(expect.arrayContaining(["ip", "mailed_at"]));
    expect(columns.entry_images).toEqual(expect.arrayContaining(["width", "height"]));
    expect(columns.entry_old_slugs).toEqual(["created_at", "entry_id", "id", "kind", "slug"]);
    expect(await migrateToLatest(api.database)).toEqual([]);
  });

  it("give the same tables and columns as SQLite", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "almoner-sqlite-"));
    dirs.push(dir);
    const sqlite = openDatabase({ dataDir: dir });
    await migrateToLatest(sqlite);
    const reference = await columnsByTable(sqlite);
    await sqlite.db.destroy();

    const api = await startTestApi();
    apis.push(api);
    expect(await columnsByTable(api.database)).toEqual(reference);
  });

  it("take the trash, revisions, drafts and activity down and up again", async () => {
    const api = await startTestApi();
    apis.push(api);
    const { db, dialect } = api.database;
    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    const down = await migrator.migrateTo("0005-entry-slug-redirects");
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toEqual([
      "0010-entry-date-chosen",
      "0009-messages-invitations",
      "0007-entry-status",
      "0006-trash-history-activity",
    ]);
    const tablesAfterDown = Object.keys(await columnsByTable(api.database));
    for (const table of ["trash", "revisions", "drafts", "activity"])
      expect(tablesAfterDown).not.toContain(table);
    expect(await migrateToLatest(api.database)).toEqual([
      "0006-trash-history-activity",
      "0007-entry-status",
      "0009-messages-invitations",
      "0010-entry-date-chosen",
    ]);
    expect(Object.keys(await columnsByTable(api.database))).toEqual(
      expect.arrayContaining(["trash", "revisions", "drafts", "activity"]),
    );
  });

  it("give entries a status, every existing one published, and take it away again", async () => {
    const api = await startTestApi();
    apis.push(api);
    const { db, dialect } = api.database;
    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    const down = await migrator.migrateTo("0006-trash-history-activity");
    expect(down.results?.map((result) => result.migrationName)).toEqual([
      "0010-entry-date-chosen",
      "0009-messages-invitations",
      "0007-entry-status",
    ]);
    expect((await columnsByTable(api.database)).entries).not.toContain("status");
    const now = new Date().toISOString();
    await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto("entries")
      .values({ kind: "blog", title: "Before", slug: "before", created_at: now, updated_at: now })
      .execute();
    expect(await migrateToLatest(api.database)).toEqual([
      "0007-entry-status",
      "0009-messages-invitations",
      "0010-entry-date-chosen",
    ]);
    const rows = await db.selectFrom("entries").select(["slug", "status"]).execute();
    expect(rows).toEqual([{ slug: "before", status: "published" }]);
  });

  it("take every draft there was as one whose date nobody chose, and every published entry's as chosen", async () => {
    const api = await startTestApi();
    apis.push(api);
    const { db, dialect } = api.database;
    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    const down = await migrator.migrateTo("0009-messages-invitations");
    expect(down.results?.map((result) => result.migrationName)).toEqual(["0010-entry-date-chosen"]);
    expect((await columnsByTable(api.database)).entries).not.toContain("date_chosen");
    const now = new Date().toISOString();
    const before = (slug: string, status: string) =>
      ({ kind: "blog", title: slug, slug, status, created_at: now, updated_at: now }) as const;
    await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto("entries")
      .values([before("live", "published"), before("unfinished", "draft")])
      .execute();
    expect(await migrateToLatest(api.database)).toEqual(["0010-entry-date-chosen"]);
    const rows = await db
      .selectFrom("entries")
      .select(["slug", "date_chosen"])
      .orderBy("slug")
      .execute();
    expect(rows).toEqual([
      { slug: "live", date_chosen: 1 },
      { slug: "unfinished", date_chosen: 0 },
    ]);
  });

  it("take message states and invitations down and up again; earlier messages count as read", async () => {
    const api = await startTestApi();
    apis.push(api);
    const { db, dialect } = api.database;
    const migrator = new Migrator({ db, provider: migrationProvider(dialect) });
    const down = await migrator.migrateTo("0007-entry-status");
    expect(down.error).toBeUndefined();
    expect(down.results?.map((result) => result.migrationName)).toEqual([
      "0010-entry-date-chosen",
      "0009-messages-invitations",
    ]);
    const columns = await columnsByTable(api.database);
    expect(columns).not.toHaveProperty("user_invitations");
    expect(columns.contact_messages).not.toContain("state");
    await db
      .withTables<{ contact_messages: Record<string, string> }>()
      .insertInto("contact_messages")
      .values({
        name: "Earlier",
        telephone: "",
        email: "earlier@example.org",
        message: "Sent before the upgrade",
        created_at: new Date().toISOString(),
      })
      .execute();
    expect(await migrateToLatest(api.database)).toEqual([
      "0009-messages-invitations",
      "0010-entry-date-chosen",
    ]);
    const after = await columnsByTable(api.database);
    expect(after.user_invitations).toEqual([
      "created_at",
      "email",
      "expires_at",
      "id",
      "invited_by",
      "invited_by_name",
      "mailed_at",
      "token",
      "user_id",
    ]);
    const states = await db.selectFrom("contact_messages").select("state").execute();
    expect(states).toEqual([{ state: "read" }]);
  });
});
