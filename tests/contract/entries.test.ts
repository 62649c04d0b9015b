import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../fixtures/images.ts";
import { createEntry, createEntryImage } from "../support/entries-factory.ts";
import { multipart } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { openContractTarget, type ContractTarget } from "../support/contract-target.ts";
import type { TestApi } from "../support/test-api.ts";

/**
 * The entry calls of the web tier over real HTTP, checking only what it reads, so the same
 * suite runs against the foundation's Laravel backend: API_URL (with at least one project, blog
 * post or opportunity on the site) and, for the admin calls, CONTRACT_ADMIN_EMAIL and
 * CONTRACT_ADMIN_PASSWORD of a verified admin without two-factor sign-in; the entries those
 * calls create are deleted again. Without API_URL: a fresh embedded API with a few entries.
 */
let target: ContractTarget;
let embedded: TestApi | undefined;

beforeAll(async () => {
  target = await openContractTarget();
  embedded = target.embedded;
  if (!embedded) return;
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
  await target?.close();
});

const client = () => target.client();
const signedInAdmin = () => target.signedInAdmin();

const SEGMENTS = ["projects", "blog", "opportunities"] as const;

function expectListItem(item: any, segment: string) {
  expect(item).toMatchObject({
    id: expect.any(Number),
    title: expect.any(String),
    slug: expect.any(String),
    created_at: expect.any(String),
  });
  expect(Number.isNaN(Date.parse(item.created_at))).toBe(false);
  // Laravel serialises it by default; the sitemap's lastmod falls back to created_at without it.
  if (embedded) expect(item.updated_at).toEqual(expect.any(String));
  if (item.updated_at != null) expect(Number.isNaN(Date.parse(item.updated_at))).toBe(false);
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

describe("contract: admin entry calls", () => {
  let admin: HttpClient;
  const created: { segment: string; id: number }[] = [];
  const unique = () => `Contract ${Date.now()} ${randomBytes(3).toString("hex")}`;

  beforeAll(async () => {
    admin = await signedInAdmin();
  });
  afterAll(async () => {
    for (const { segment, id } of created) await admin?.delete(`/api/${segment}/${id}`);
  });

  async function create(segment: string, title = unique()): Promise<number> {
    const response = await admin.post(`/api/${segment}`, { title });
    expect(response.status).toBe(201);
    expect(response.body.id).toEqual(expect.any(Number));
    created.push({ segment, id: response.body.id });
    return response.body.id;
  }

  const detail = async (segment: string, id: number) => {
    const response = await admin.get(`/api/${segment}/${id}`);
    expect(response.status).toBe(200);
    return response.body;
  };

  const uploadPicture = async (segment: string, owner: string, id: number) => {
    const response = await admin.request("POST", `/api/${segment}images`, {
      form: multipart({ [owner]: String(id), file: ["photo.png", await makeImage("png", 90, 60)] }),
    });
    expect(response.status).toBeGreaterThanOrEqual(200);
    expect(response.status).toBeLessThan(300);
  };

  it("POST /api/{kind} {title} answers the new entry's id; an empty title answers 422 under title", async () => {
    for (const segment of SEGMENTS) await create(segment);
    const refused = await admin.post("/api/blog", { title: "" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.title).toEqual([expect.any(String)]);
  });

  it("POST /api/{kind}/{id} multipart saves every field of the edit form", async () => {
    for (const segment of SEGMENTS) {
      const id = await create(segment);
      const slug = `contract-${segment}-${id}-${randomBytes(3).toString("hex")}`;
      const title = unique();
      const response = await admin.request("POST", `/api/${segment}/${id}`, {
        form: multipart({
          title,
          slug,
          article: "<p>Saved by the <strong>contract</strong> suite.</p>",
          preview_text: "Saved by the contract suite.",
          created_at: "2024-05-06T07:08:09.000Z",
          image: ["cover.png", await makeImage("png", 120, 80)],
        }),
      });
      expect(response.status).toBe(200);
      const saved = await detail(segment, id);
      expect(saved).toMatchObject({ title, slug, preview_text: "Saved by the contract suite." });
      expect(Date.parse(saved.created_at)).toBe(Date.parse("2024-05-06T07:08:09.000Z"));
      expect(saved.article_html).toContain("<strong>contract</strong>");
      expect(saved.image_url).toEqual(expect.any(String));
    }
  });

  it("a renamed entry answers by id with its new slug; old slugs, where the API keeps them, lead to it until removed", async () => {
    const id = await create("projects");
    const before = (await detail("projects", id)).slug as string;
    const after = `contract-renamed-${id}-${randomBytes(3).toString("hex")}`;
    const saved = await admin.request("POST", `/api/projects/${id}`, {
      form: multipart({ title: unique(), slug: after }),
    });
    expect(saved.status).toBe(200);
    const renamed = await detail("projects", id);
    expect(renamed.slug).toBe(after);
    // A Laravel backend without redirects sends no old_slugs: the web tier shows none.
    if (renamed.old_slugs === undefined) return;
    expect(renamed.old_slugs).toEqual([before]);
    const byOldSlug = await client().get(`/api/projects/${before}`);
    expect(byOldSlug.status).toBe(200);
    expect(byOldSlug.body).toMatchObject({ id, slug: after });
    const removed = await admin.delete(`/api/projects/${id}/old-slugs/${before}`);
    expect(removed.status).toBe(204);
    expect((await detail("projects", id)).old_slugs).toEqual([]);
    expect((await client().get(`/api/projects/${before}`)).status).toBe(404);
  });

  it("uploads, orders, rotates and deletes an entry's pictures", async () => {
    for (const [segment, owner] of [
      ["projects", "project_id"],
      ["blog", "blog_id"],
      ["opportunities", "project_id"],
    ] as const) {
      const id = await create(segment);
      await uploadPicture(segment, owner, id);
      await uploadPicture(segment, owner, id);
      const entry = await detail(segment, id);
      expect(entry.images).toHaveLength(2);
      const [first, second] = entry.images;

      const order = await admin.post(`/api/${segment}images/order`, {
        ...entry,
        images: [second, first],
      });
      expect(order.status).toBeGreaterThanOrEqual(200);
      expect(order.status).toBeLessThan(300);
      expect((await detail(segment, id)).images.map((i: { id: number }) => i.id)).toEqual([
        second.id,
        first.id,
      ]);

      const rotate = await admin.post(`/api/${segment}images/${first.id}/rotate`, { id: first.id });
      expect(rotate.status).toBe(200);
      const rotated = (await detail(segment, id)).images.find(
        (i: { id: number }) => i.id === first.id,
      );
      expect(rotated.image_url).not.toBe(first.image_url);

      const removed = await admin.delete(`/api/${segment}images/${second.id}`);
      expect(removed.status).toBeGreaterThanOrEqual(200);
      expect(removed.status).toBeLessThan(300);
      expect((await detail(segment, id)).images.map((i: { id: number }) => i.id)).toEqual([
        first.id,
      ]);
    }
  });

  it("POST /api/{projects,opportunities}/order saves the full list in its new order", async () => {
    for (const segment of ["projects", "opportunities"]) {
      await create(segment);
      await create(segment);
      const all = [];
      for (let page = 0; ; page += 1) {
        const response = await admin.get(`/api/${segment}?page=${page}&limit=100`);
        all.push(...response.body.results);
        if (response.body.results.length < 100) break;
      }
      const reversed = [...all].reverse();
      const response = await admin.post(`/api/${segment}/order`, reversed);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      const first = await admin.get(`/api/${segment}?page=0&limit=2`);
      expect(first.body.results.map((i: { id: number }) => i.id)).toEqual(
        reversed.slice(0, 2).map((i) => i.id),
      );
      // Put the site's order back.
      await admin.post(`/api/${segment}/order`, all);
    }
  });

  it("DELETE /api/{kind}/{id} removes the entry", async () => {
    for (const segment of SEGMENTS) {
      const id = await create(segment);
      const response = await admin.delete(`/api/${segment}/${id}`);
      expect(response.status).toBeGreaterThanOrEqual(200);
      expect(response.status).toBeLessThan(300);
      expect((await admin.get(`/api/${segment}/${id}`)).status).toBe(404);
    }
  });
});
