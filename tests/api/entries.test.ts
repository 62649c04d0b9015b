import type { KyselyPlugin } from "kysely";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { DB } from "../../server/db/database.ts";
import type { EntryKind } from "../../server/db/schema.ts";
import { findEntry, listEntries } from "../../server/domain/entry-queries.ts";
import { createEntry, createEntryImage } from "../support/entries-factory.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

/** A shared API for lookups by unique slug or id; tests that count or order rows take a fresh one. */
let api: TestApi;

beforeAll(async () => {
  api = await startTestApi();
});
afterAll(async () => {
  await api?.close();
});

/** An API of the test's own, so totals and order see only the rows the test inserts. */
async function freshApi(): Promise<TestApi> {
  const own = await startTestApi();
  onTestFinished(() => own.close());
  return own;
}

/** The public reads need no session: call as an anonymous visitor from no particular origin. */
const visitor = (target: TestApi = api) => target.client({ origin: null });

const day = (n: number) => new Date(Date.UTC(2024, 0, 1 + n, 9, 30)).toISOString();
const ids = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);

const KINDS: [segment: string, kind: EntryKind][] = [
  ["projects", "project"],
  ["blog", "blog"],
  ["opportunities", "opportunity"],
];

describe("GET /api/{kind}", () => {
  it.each(KINDS)("/api/%s answers the list items of its own kind", async (segment, kind) => {
    const own = await freshApi();
    const entry = await createEntry(own.database.db, kind, {
      title: "Clean water",
      slug: "clean-water",
      preview_text: "Wells for the valley",
      image: "uploads/entries/cover.webp",
      created_at: day(3),
      updated_at: day(4),
    });
    for (const [, other] of KINDS) {
      if (other !== kind) await createEntry(own.database.db, other, { slug: "clean-water" });
    }

    const response = await visitor(own).get(`/api/${segment}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      results: [
        {
          id: entry.id,
          title: "Clean water",
          slug: "clean-water",
          url: `/${segment}/clean-water`,
          preview_text: "Wells for the valley",
          image_url: "/storage/uploads/entries/cover.webp",
          created_at: day(3),
          updated_at: day(4),
        },
      ],
      total: 1,
    });
  });

  it("answers an empty page and a zero total when there are none", async () => {
    const own = await freshApi();
    const response = await visitor(own).get("/api/opportunities");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ results: [], total: 0 });
  });

  it("gives image_url null to an entry without a cover", async () => {
    const own = await freshApi();
    await createEntry(own.database.db, "project", { image: null });
    const response = await visitor(own).get("/api/projects");
    expect(response.body.results[0].image_url).toBeNull();
  });

  it("answers the same to the web tier's origin, a signed-out browser and a foreign origin", async () => {
    const own = await freshApi();
    await createEntry(own.database.db, "blog");
    const fromWeb = await own.client({ origin: TEST_APP_URL }).get("/api/blog");
    const fromElsewhere = await own
      .client({ origin: "https://elsewhere.example" })
      .get("/api/blog");
    expect(fromWeb.status).toBe(200);
    expect(fromElsewhere.status).toBe(200);
    expect(fromElsewhere.body).toEqual(fromWeb.body);
  });

  it.each([
    ["projects", "project"],
    ["opportunities", "opportunity"],
  ] as const)("lists %s in drag order, then by id", async (segment, kind) => {
    const own = await freshApi();
    const db = own.database.db;
    const last = await createEntry(db, kind, { position: 2, created_at: day(1) });
    const first = await createEntry(db, kind, { position: 0, created_at: day(9) });
    const tiedEarlier = await createEntry(db, kind, { position: 1, created_at: day(5) });
    const tiedLater = await createEntry(db, kind, { position: 1, created_at: day(7) });

    const response = await visitor(own).get(`/api/${segment}`);
    expect(ids(response.body)).toEqual([first.id, tiedEarlier.id, tiedLater.id, last.id]);
  });

  it("lists the blog newest first, then by id descending", async () => {
    const own = await freshApi();
    const db = own.database.db;
    const oldest = await createEntry(db, "blog", { created_at: day(1), position: 0 });
    const newest = await createEntry(db, "blog", { created_at: day(9), position: 2 });
    const sameDayA = await createEntry(db, "blog", { created_at: day(5), position: 1 });
    const sameDayB = await createEntry(db, "blog", { created_at: day(5), position: 3 });

    const response = await visitor(own).get("/api/blog");
    expect(ids(response.body)).toEqual([newest.id, sameDayB.id, sameDayA.id, oldest.id]);
  });
});

describe("GET /api/{kind} paging", () => {
  it("answers page (zero-based) of limit items with the total of all", async () => {
    const own = await freshApi();
    const created = [];
    for (let position = 0; position < 5; position++)
      created.push(await createEntry(own.database.db, "project", { position }));
    const allIds = created.map((entry) => entry.id);

    const pages = await Promise.all(
      [0, 1, 2, 3].map((page) => visitor(own).get(`/api/projects?page=${page}&limit=2`)),
    );
    expect(pages.map((response) => response.status)).toEqual([200, 200, 200, 200]);
    expect(pages.map((response) => ids(response.body))).toEqual([
      allIds.slice(0, 2),
      allIds.slice(2, 4),
      allIds.slice(4),
      [],
    ]);
    expect(pages.map((response) => response.body.total)).toEqual([5, 5, 5, 5]);
  });

  it("answers 24 a page by default", async () => {
    const own = await freshApi();
    for (let position = 0; position < 26; position++)
      await createEntry(own.database.db, "opportunity", { position });

    const first = await visitor(own).get("/api/opportunities");
    const second = await visitor(own).get("/api/opportunities?page=1");
    expect(first.body.results).toHaveLength(24);
    expect(second.body.results).toHaveLength(2);
    expect(first.body.total).toBe(26);
  });

  it("treats an empty page or limit as absent", async () => {
    const own = await freshApi();
    await createEntry(own.database.db, "blog");
    const response = await visitor(own).get("/api/blog?page=&limit=");
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(1);
  });

  it("answers an empty page far past the end", async () => {
    const own = await freshApi();
    await createEntry(own.database.db, "blog");
    const response = await visitor(own).get("/api/blog?page=9007199254740991&limit=100");
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ results: [], total: 1 });
  });

  it("accepts a limit of 100 and refuses 101", async () => {
    const accepted = await visitor().get("/api/projects?limit=100");
    expect(accepted.status).toBe(200);

    const refused = await visitor().get("/api/projects?limit=101");
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: "The limit field must not be greater than 100.",
      errors: { limit: ["The limit field must not be greater than 100."] },
    });
  });

  it.each([
    ["page=abc", "page", "The page field must be an integer."],
    ["page=1.5", "page", "The page field must be an integer."],
    ["page=-1", "page", "The page field must be at least 0."],
    ["page=1&page=2", "page", "The page field must be an integer."],
    ["limit=0", "limit", "The limit field must be at least 1."],
    ["limit=ten", "limit", "The limit field must be an integer."],
    ["limit=1e2", "limit", "The limit field must be an integer."],
  ])("answers 422 to ?%s", async (query, field, message) => {
    const response = await visitor().get(`/api/blog?${query}`);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it("summarises several invalid parameters as Laravel does", async () => {
    const response = await visitor().get("/api/opportunities?page=x&limit=y");
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The page field must be an integer. (and 1 more error)",
      errors: {
        page: ["The page field must be an integer."],
        limit: ["The limit field must be an integer."],
      },
    });
  });
});

describe("GET /api/{kind}/{slug or id}", () => {
  async function entryWithImages(kind: EntryKind = "project") {
    const entry = await createEntry(api.database.db, kind, {
      title: "Open books",
      article: "<p>Reading rooms</p>[[image50=1]]",
      article_html: "<p>Reading rooms</p><figure>…</figure>",
      preview_text: "Reading rooms",
      image: "uploads/entries/cover.webp",
      created_at: day(2),
      updated_at: day(5),
    });
    // Inserted out of order: the answer follows position, not insertion.
    const second = await createEntryImage(api.database.db, entry, {
      path: "uploads/entries/b.webp",
      alt: "Shelves",
      position: 1,
    });
    const first = await createEntryImage(api.database.db, entry, {
      path: "uploads/entries/a.webp",
      alt: "A reader",
      position: 0,
    });
    const third = await createEntryImage(api.database.db, entry, {
      path: "uploads/entries/c.webp",
      alt: "",
      position: 2,
    });
    return { entry, images: [first, second, third] };
  }

  it("answers the entry by slug: the list item, the article and the images in order", async () => {
    const { entry, images } = await entryWithImages();
    const response = await visitor().get(`/api/projects/${entry.slug}`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: entry.id,
      title: "Open books",
      slug: entry.slug,
      url: `/projects/${entry.slug}`,
      preview_text: "Reading rooms",
      image_url: "/storage/uploads/entries/cover.webp",
      created_at: day(2),
      updated_at: day(5),
      article: "<p>Reading rooms</p>[[image50=1]]",
      article_html: "<p>Reading rooms</p><figure>…</figure>",
      images: [
        {
          id: images[0]!.id,
          image_url: "/storage/uploads/entries/a.webp",
          alt: "A reader",
          short_code: `[[image100=${images[0]!.id}]]`,
          order: 0,
        },
        {
          id: images[1]!.id,
          image_url: "/storage/uploads/entries/b.webp",
          alt: "Shelves",
          short_code: `[[image100=${images[1]!.id}]]`,
          order: 1,
        },
        {
          id: images[2]!.id,
          image_url: "/storage/uploads/entries/c.webp",
          alt: "",
          short_code: `[[image100=${images[2]!.id}]]`,
          order: 2,
        },
      ],
    });
  });

  it.each(KINDS)("answers a %s entry by id, the same as by slug", async (segment, kind) => {
    const { entry } = await entryWithImages(kind);
    const byId = await visitor().get(`/api/${segment}/${entry.id}`);
    const bySlug = await visitor().get(`/api/${segment}/${entry.slug}`);
    expect(byId.status).toBe(200);
    expect(byId.body.url).toBe(`/${segment}/${entry.slug}`);
    expect(byId.body).toEqual(bySlug.body);
  });

  it("answers images [] and image_url null for an entry without pictures", async () => {
    const entry = await createEntry(api.database.db, "blog", { image: null });
    const response = await visitor().get(`/api/blog/${entry.slug}`);
    expect(response.status).toBe(200);
    expect(response.body.images).toEqual([]);
    expect(response.body.image_url).toBeNull();
  });

  it("answers the entry to a foreign origin too", async () => {
    const entry = await createEntry(api.database.db, "opportunity");
    const response = await api
      .client({ origin: "https://elsewhere.example" })
      .get(`/api/opportunities/${entry.slug}`);
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(entry.id);
  });

  it.each([
    ["an unknown slug", "/api/projects/no-such-project"],
    ["an unknown id", "/api/blog/987654321"],
    ["an id past 32 bits", "/api/blog/99999999999999999999999"],
    ["an id of zero", "/api/opportunities/0"],
  ])("answers 404 to %s", async (_case, path) => {
    const response = await visitor().get(path);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not Found." });
  });

  it("answers 404 to an entry asked for under another kind, by id or by slug", async () => {
    const post = await createEntry(api.database.db, "blog");
    for (const path of [
      `/api/projects/${post.id}`,
      `/api/opportunities/${post.slug}`,
      `/api/projects/${post.slug}`,
    ]) {
      const response = await visitor().get(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: "Not Found." });
    }
  });

  it("tells apart entries of different kinds that share a slug", async () => {
    const project = await createEntry(api.database.db, "project", { slug: "shared-slug" });
    const post = await createEntry(api.database.db, "blog", { slug: "shared-slug" });
    expect((await visitor().get("/api/projects/shared-slug")).body.id).toBe(project.id);
    expect((await visitor().get("/api/blog/shared-slug")).body.id).toBe(post.id);
  });

  it.each([
    ["a unicode slug", `/api/blog/${encodeURIComponent("été-日本-🎉")}`],
    ["upper case", "/api/blog/Clean-Water"],
    ["a NUL byte", "/api/blog/clean%00water"],
    ["spaces and quotes", `/api/blog/${encodeURIComponent("a b' OR '1'='1")}`],
    ["an encoded slash", "/api/blog/..%2F..%2Fetc"],
    ["a signed number", "/api/blog/-1"],
  ])("answers 404 to %s", async (_case, path) => {
    const response = await visitor().get(path);
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not Found." });
  });

  // The router refuses these before any handler runs; what matters here is no 5xx and JSON.
  it.each([
    ["a very long slug", `/api/blog/${"a".repeat(5000)}`],
    ["invalid UTF-8", "/api/blog/%ED%A0%80"],
    ["a broken escape", "/api/blog/%E0%A4%A"],
  ])("answers a JSON 4xx, never a 5xx, to %s", async (_case, path) => {
    const response = await visitor().get(path);
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("content-type")).toMatch(/json/);
    expect(response.body.message).toEqual(expect.any(String));
  });

  it("answers 422, never a 5xx, to odd list parameters", async () => {
    for (const query of [
      "page=%00",
      `limit=${"9".repeat(400)}`,
      `page=${encodeURIComponent("日本")}`,
    ]) {
      const response = await visitor().get(`/api/projects?${query}`);
      expect(response.status, query).toBe(422);
      expect(response.body.errors, query).toBeTruthy();
    }
  });
});

describe("queries", () => {
  /** Counts the statements run through a database handle. */
  function counting(db: DB): { db: DB; count: () => number } {
    let statements = 0;
    const plugin: KyselyPlugin = {
      transformQuery: (args) => {
        statements += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    return { db: db.withPlugin(plugin), count: () => statements };
  }

  it("reads a page of a list in two queries, however many entries and images it holds", async () => {
    const own = await freshApi();
    for (let position = 0; position < 6; position++) {
      const entry = await createEntry(own.database.db, "project", { position });
      await createEntryImage(own.database.db, entry);
      await createEntryImage(own.database.db, entry, { position: 1 });
    }
    const probe = counting(own.database.db);
    const { entries, total } = await listEntries(probe.db, "project", { page: 0, limit: 24 });
    expect(entries).toHaveLength(6);
    expect(total).toBe(6);
    expect(probe.count()).toBe(2);
  });

  it("reads an entry with its images in two queries", async () => {
    const entry = await createEntry(api.database.db, "opportunity");
    for (let position = 0; position < 4; position++)
      await createEntryImage(api.database.db, entry, { position });
    const probe = counting(api.database.db);
    const found = await findEntry(probe.db, "opportunity", { name: entry.slug });
    expect(found?.images).toHaveLength(4);
    expect(probe.count()).toBe(2);
  });
});
