import { readdir } from "node:fs/promises";
import path from "node:path";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_ADMIN_EMAIL, ensureAdmin } from "../../server/db/seed/admin.ts";
import { artSvg, palettes, type Motif, type Theme } from "../../server/db/seed/art.ts";
import { seedDemoContent } from "../../server/db/seed/demo.ts";
import type { EntryKind } from "../../server/db/schema.ts";
import { getSettings } from "../../server/domain/settings.ts";
import { createUser, findUserByEmail } from "../../server/domain/users.ts";
import type { StorageDriver } from "../../server/media/storage.ts";
import { createLocalStorage } from "../../server/media/storage.ts";
import { verifyPassword } from "../../server/security/passwords.ts";
import type { TestDatabase } from "../fixtures/database.ts";
import { createTestDatabase, testPostgresUrl } from "../fixtures/database.ts";

const APP_URL = "http://localhost:3000";
const SEED_TIMEOUT = 60_000;

const specWidgets = {
  TEXT: [
    "HomeText",
    "AboutText1",
    "AboutText2",
    "AboutText3",
    "FoundersText1",
    "Founder1Text",
    "ContactPage1",
    "ContactPage2",
    "Cookies",
    "Terms",
    "PrivacyPolicy",
    "DonateText1",
    "DonateText2",
    "DonateText3",
  ],
  IMAGE: ["Founder1Image", "DonateImage1", "HomeImage", "HeaderImage"],
};
/** A header picture per content page, beside the HeaderImage they fall back to. */
const pageHeaderWidgets = [
  "AboutHeader",
  "FoundersHeader",
  "DonateHeader",
  "ContactHeader",
  "ProjectsHeader",
  "BlogHeader",
  "OpportunitiesHeader",
  "LegalHeader",
];

const databases = [
  { name: "SQLite", postgresUrl: undefined },
  ...(testPostgresUrl ? [{ name: "PostgreSQL", postgresUrl: testPostgresUrl }] : []),
];

async function uploadedFiles(dataDir: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, "uploads"), { recursive: true });
  return entries.filter((entry) => entry.endsWith(".webp")).sort();
}

describe.each(databases)("seedDemoContent on $name", ({ postgresUrl }) => {
  let database: TestDatabase;
  let storage: StorageDriver;
  let firstRun: Awaited<ReturnType<typeof seedDemoContent>>;

  beforeAll(async () => {
    database = await createTestDatabase({ postgresUrl });
    storage = createLocalStorage(database.dataDir);
    firstRun = await seedDemoContent(database.db, storage, { appUrl: APP_URL });
  }, SEED_TIMEOUT);

  afterAll(async () => {
    await database.cleanup();
  });

  const expectStored = async (key: string | null) => {
    expect(key).toMatch(/^uploads\/[a-z]+\/[0-9a-f]{32}\.webp$/);
    const object = await storage.get(key!);
    expect(object?.contentType).toBe("image/webp");
    object?.stream.destroy();
  };

  it("reports what it did", () => {
    expect(firstRun.seeded).toBe(true);
    expect(firstRun.images).toBeGreaterThan(80);
  });

  it("creates every widget the pages use", async () => {
    const widgets = await database.db.selectFrom("widgets").selectAll().orderBy("name").execute();

    expect(widgets.map((w) => w.name).sort()).toEqual(
      [...specWidgets.TEXT, ...specWidgets.IMAGE, ...pageHeaderWidgets].sort(),
    );
    for (const widget of widgets) {
      if (specWidgets.TEXT.includes(widget.name)) {
        expect(widget.type).toBe("TEXT");
        // A heading of its own at most: the page's title is already in its header.
        expect(widget.html).toMatch(/^(<h2>[^<]+<\/h2>\s*)?<p>/);
        expect(widget.html).not.toMatch(/<h[13-6][\s>]/);
        expect(widget.image).toBeNull();
      } else {
        expect(widget.type).toBe("IMAGE");
        expect(widget.alt.length).toBeGreaterThan(5);
        await expectStored(widget.image);
      }
    }
  });

  const entriesOf = (kind: EntryKind) =>
    database.db
      .selectFrom("entries")
      .selectAll()
      .where("kind", "=", kind)
      .orderBy("position")
      .execute();
  const imagesOf = (entryId: number) =>
    database.db
      .selectFrom("entry_images")
      .selectAll()
      .where("entry_id", "=", entryId)
      .orderBy("position")
      .execute();

  it.each([
    ["project", 6, 6],
    ["blog", 28, 8],
    ["opportunity", 4, 4],
  ] as [EntryKind, number, number][])(
    "creates %s entries with covers, the first ones with 3 to 5 pictures",
    async (kind, count, withPictures) => {
      const entries = await entriesOf(kind);

      expect(entries).toHaveLength(count);
      expect(entries.map((e) => e.position)).toEqual([...Array(count).keys()]);
      expect(new Set(entries.map((e) => e.slug)).size).toBe(count);
      // Every cover is a file of its own, even where the pictures look alike.
      expect(new Set(entries.map((e) => e.image)).size).toBe(count);
      for (const [index, entry] of entries.entries()) {
        expect(entry.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
        expect(entry.article).toMatch(/^<p>/);
        // The page's title is the only h1; the article's headings start at h2.
        expect(entry.article).not.toMatch(/<h[13-6][\s>]/);
        expect(entry.article_html).toBe(entry.article);
        expect(entry.preview_text.length).toBeGreaterThan(50);
        expect(entry.preview_text.length).toBeLessThanOrEqual(201);
        expect(entry.preview_text).not.toMatch(/[<>]/);
        expect(Date.parse(entry.created_at)).toBeLessThan(Date.now());
        await expectStored(entry.image);

        const images = await imagesOf(entry.id);
        if (index >= withPictures) {
          expect(images).toEqual([]);
          continue;
        }
        expect(images.length).toBeGreaterThanOrEqual(3);
        expect(images.length).toBeLessThanOrEqual(5);
        expect(images.map((i) => i.position)).toEqual([...Array(images.length).keys()]);
        for (const image of images) {
          expect(image.alt).not.toBe("");
          expect([image.width, image.height]).toEqual([1200, 800]);
          await expectStored(image.path);
        }
      }
    },
  );

  it("has more news than one page of 24 holds, newest first", async () => {
    const posts = await entriesOf("blog");
    expect(posts.length).toBeGreaterThan(24);
    const dates = posts.map((post) => post.created_at);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("gives each content page a header picture of its own", async () => {
    const headers = await database.db
      .selectFrom("widgets")
      .select("image")
      .where("name", "in", ["HeaderImage", ...pageHeaderWidgets])
      .execute();
    expect(new Set(headers.map((header) => header.image)).size).toBe(pageHeaderWidgets.length + 1);
  });

  it("spreads blog posts over recent months", async () => {
    const posts = await database.db
      .selectFrom("entries")
      .select("created_at")
      .where("kind", "=", "blog")
      .execute();
    const months = new Set(posts.map((post) => post.created_at.slice(0, 7)));
    expect(months.size).toBeGreaterThanOrEqual(4);
  });

  it("creates three testimonials and a gallery of pictures with links", async () => {
    const testimonials = await database.db.selectFrom("testimonials").selectAll().execute();
    expect(testimonials).toHaveLength(3);
    for (const testimonial of testimonials) {
      expect(testimonial.score).toBeGreaterThanOrEqual(1);
      expect(testimonial.score).toBeLessThanOrEqual(5);
      expect(testimonial.review).toMatch(/^<p>.+<\/p>$/);
    }

    const galleries = await database.db.selectFrom("galleries").selectAll().execute();
    expect(galleries).toHaveLength(1);
    const images = await database.db
      .selectFrom("gallery_images")
      .selectAll()
      .where("gallery_id", "=", galleries[0]!.id)
      .orderBy("position")
      .execute();
    expect(images.length).toBeGreaterThanOrEqual(4);
    expect(images.length).toBeLessThanOrEqual(6);
    for (const image of images) {
      expect(image.alt).not.toBe("");
      expect(image.link.startsWith(`${APP_URL}/`)).toBe(true);
      await expectStored(image.path);
    }
  });

  it("sets the organisation's details", async () => {
    const settings = await getSettings(database.db);
    expect(settings.name).toBe("Almoner Foundation");
    for (const value of [settings.phone, settings.whatsapp, settings.address]) {
      expect(value).not.toBe("");
    }
    expect(settings.email).toMatch(/^[^@\s]+@[^@\s]+$/);
    expect(settings.donate_url).toMatch(/^https:\/\//);
    expect(Object.values(settings.social)).toHaveLength(3);
    for (const link of Object.values(settings.social)) expect(link).toMatch(/^https:\/\//);
  });

  it("does nothing when run again", async () => {
    const countOf = async (table: "widgets" | "entries" | "entry_images" | "gallery_images") =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as("count"))
            .executeTakeFirstOrThrow()
        ).count,
      );
    const tables = ["widgets", "entries", "entry_images", "gallery_images"] as const;
    const before = await Promise.all(tables.map(countOf));
    const filesBefore = await uploadedFiles(database.dataDir);

    expect(await seedDemoContent(database.db, storage, { appUrl: APP_URL })).toEqual({
      seeded: false,
      images: 0,
    });

    expect(await Promise.all(tables.map(countOf))).toEqual(before);
    expect(await uploadedFiles(database.dataDir)).toEqual(filesBefore);
  });
});

describe("demo pictures", () => {
  const motifs: Motif[] = ["hills", "sunrise", "circles", "portrait"];
  it.each(motifs)("%s carries no text in its pixels", (motif) => {
    for (const theme of Object.keys(palettes) as Theme[]) {
      const svg = artSvg({ width: 1200, height: 800, theme, motif, seed: 7 });
      expect(svg).toMatch(/^<svg /);
      expect(svg).not.toMatch(/<text/);
    }
  });
});

describe.each(databases)("users and the admin bootstrap on $name", ({ postgresUrl }) => {
  let database: TestDatabase;
  const log = { info: () => {} };

  beforeEach(async () => {
    database = await createTestDatabase({ postgresUrl });
  });

  afterEach(async () => {
    await database.cleanup();
  });

  it("creates users with a normalised email and refuses a taken one", async () => {
    const user = await createUser(database.db, {
      firstname: "Ada",
      lastname: "Lovelace",
      email: "  Ada@Example.ORG ",
      password: "engine-notes",
    });
    expect(user).toMatchObject({ email: "ada@example.org", role: "user", email_verified_at: null });
    expect(await verifyPassword(user.password, "engine-notes")).toBe(true);
    expect((await findUserByEmail(database.db, "ADA@example.org"))?.id).toBe(user.id);

    const duplicate = createUser(database.db, {
      firstname: "Other",
      lastname: "Person",
      email: "ada@example.org",
      password: "something-else",
    });
    await expect(duplicate).rejects.toMatchObject({
      status: 422,
      errors: { email: ["The email has already been taken."] },
    });
  });

  it("creates admin@example.org with a random password when there is no admin", async () => {
    const first = await ensureAdmin(
      database.db,
      { adminEmail: undefined, adminPassword: undefined },
      log,
    );

    expect(first).toMatchObject({ email: DEFAULT_ADMIN_EMAIL, created: true });
    expect(first.password).toMatch(/^[A-Za-z0-9_-]{20}$/);
    const admin = await findUserByEmail(database.db, DEFAULT_ADMIN_EMAIL);
    expect(admin).toMatchObject({ role: "admin" });
    expect(admin?.email_verified_at).not.toBeNull();
    expect(await verifyPassword(admin!.password, first.password!)).toBe(true);

    const second = await ensureAdmin(
      database.db,
      { adminEmail: undefined, adminPassword: undefined },
      log,
    );
    expect(second).toEqual({ email: DEFAULT_ADMIN_EMAIL, created: false });
  });

  it("creates the configured admin once, with the configured password", async () => {
    const config = { adminEmail: "boss@example.org", adminPassword: "very-secret-1" };

    expect(await ensureAdmin(database.db, config, log)).toEqual({
      email: "boss@example.org",
      created: true,
    });
    const admin = await findUserByEmail(database.db, "boss@example.org");
    expect(admin?.role).toBe("admin");
    expect(await verifyPassword(admin!.password, "very-secret-1")).toBe(true);
    expect(await ensureAdmin(database.db, config, log)).toEqual({
      email: "boss@example.org",
      created: false,
    });
  });

  it("leaves a database that already has an admin alone", async () => {
    await createUser(database.db, {
      firstname: "Existing",
      lastname: "Admin",
      email: "existing@example.org",
      password: "already-here",
      role: "admin",
      verified: true,
    });

    expect(
      await ensureAdmin(database.db, { adminEmail: undefined, adminPassword: undefined }, log),
    ).toEqual({
      email: "existing@example.org",
      created: false,
    });
    expect(await findUserByEmail(database.db, DEFAULT_ADMIN_EMAIL)).toBeUndefined();
  });

  it("never logs the password", async () => {
    const messages: string[] = [];
    const result = await ensureAdmin(
      database.db,
      { adminEmail: undefined, adminPassword: undefined },
      { info: (message) => messages.push(message) },
    );
    expect(messages.join("\n")).not.toContain(result.password!);
  });
});
