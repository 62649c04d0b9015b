import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntry, createEntryImage } from "../support/entries-factory.ts";
import { HttpClient } from "../support/http-client.ts";
import { startTestApi, TEST_APP_URL, type TestApi } from "../support/test-api.ts";

/**
 * The public entry calls of the web tier over real HTTP, checking only the fields it reads
 * (app/lib/entries.server.ts), so the same suite runs against the foundation's Laravel backend
 * (API_URL, with at least one project, blog post or opportunity on the site). Without API_URL:
 * a fresh embedded API with a few entries inserted.
 */
let embedded: TestApi | undefined;
let baseUrl: string;
let origin: string;

beforeAll(async () => {
  if (process.env.API_URL) {
    baseUrl = process.env.API_URL;
    origin = new URL(process.env.APP_URL ?? process.env.API_URL).origin;
    return;
  }
  embedded = await startTestApi();
  baseUrl = embedded.url;
  origin = TEST_APP_URL;
  const db = embedded.database.db;
  const project = await createEntry(db, "project", {
    title: "Clean water",
    slug: "clean-water",
    image: "uploads/entries/cover.webp",
  });
  await createEntryImage(db, project, { alt: "A new well", position: 0 });
  await createEntryImage(db, project, { alt: "", position: 1 });
  await createEntry(db, "blog", { title: "First borehole", slug: "first-borehole" });
  await createEntry(db, "opportunity", { title: "Reading mentor", slug: "reading-mentor" });
});
afterAll(async () => {
  await embedded?.close();
});

const client = () => new HttpClient(baseUrl, { origin });

const SEGMENTS = ["projects", "blog", "opportunities"] as const;

function expectListItem(item: any, segment: string) {
  expect(item).toMatchObject({
    id: expect.any(Number),
    title: expect.any(String),
    slug: expect.any(String),
    created_at: expect.any(String),
  });
  expect(Number.isNaN(Date.parse(item.created_at))).toBe(false);
  if (item.url !== undefined) expect(item.url).toBe(`/${segment}/${item.slug}`);
  expect(item).toHaveProperty("preview_text");
  expect(item.image_url === null || typeof item.image_url === "string").toBe(true);
}

/** The first entry any list holds, to read its detail without knowing the site's data. */
async function someEntry(): Promise<{ segment: string; item: any }> {
  for (const segment of SEGMENTS) {
    const response = await client().get(`/api/${segment}?page=0&limit=1`);
    const item = response.body?.results?.[0];
    if (item) return { segment, item };
  }
  throw new Error("The API under test holds no project, blog post or opportunity to read.");
}

describe("contract: entry lists", () => {
  it.each(SEGMENTS)("GET /api/%s answers results and total", async (segment) => {
    const response = await client().get(`/api/${segment}?page=0&limit=24`);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      results: expect.any(Array),
      total: expect.any(Number),
    });
    expect(response.body.results.length).toBeLessThanOrEqual(24);
    expect(response.body.total).toBeGreaterThanOrEqual(response.body.results.length);
    for (const item of response.body.results) expectListItem(item, segment);
  });

  it("GET /api/{kind}?limit=1 answers at most one item", async () => {
    const response = await client().get("/api/projects?page=0&limit=1");
    expect(response.status).toBe(200);
    expect(response.body.results.length).toBeLessThanOrEqual(1);
  });
});

describe("contract: entry detail", () => {
  it("GET /api/{kind}/{slug} answers the item, article_html and images", async () => {
    const { segment, item } = await someEntry();
    const response = await client().get(`/api/${segment}/${encodeURIComponent(item.slug)}`);
    expect(response.status).toBe(200);
    expectListItem(response.body, segment);
    expect(response.body.id).toBe(item.id);
    expect(response.body).toHaveProperty("article_html");
    expect(response.body.images).toEqual(expect.any(Array));
    if (embedded) expect(response.body.images).toHaveLength(2);
    for (const image of response.body.images) {
      expect(image).toMatchObject({ id: expect.any(Number), image_url: expect.any(String) });
      expect(image).toHaveProperty("alt");
    }
  });

  it("GET /api/{kind}/{unknown} answers 404 with a JSON message", async () => {
    const response = await client().get("/api/projects/no-such-entry-anywhere-at-all");
    expect(response.status).toBe(404);
    expect(response.headers.get("content-type")).toMatch(/json/);
    expect(response.body.message).toEqual(expect.any(String));
  });
});
