// POST /api/{kind}/{id}/preview (record 054): an entry with what an admin typed, as visitors
// would see it once saved, while nothing is saved.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { clientAs, jpeg, postForm, storedFiles } from "../support/admin-calls.ts";
import { createEntry } from "../support/entries-factory.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const FUTURE = "2999-01-01T09:00:00.000Z";

describe("POST /api/{kind}/{id}/preview", () => {
  it("answers the entry with the typed fields, its article as a save would render it", async () => {
    const entry = await createEntry(api.database.db, "blog", { title: "Saved title" });
    const photo = await postForm(admin, "/api/blogimages", {
      blog_id: String(entry.id),
      file: ["photo.jpg", await jpeg(640, 480)],
    });
    const article = `<p>Typed <script>alert(1)</script>text</p><p>[[image50=${photo.body.id}]]</p>`;
    const typed = { title: "Typed title", article, preview_text: "" };

    const preview = await postForm(admin, `/api/blog/${entry.id}/preview`, typed);

    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      id: entry.id,
      title: "Typed title",
      slug: entry.slug,
      url: `/blog/${entry.slug}`,
      preview_text: "Typed text",
      status: "published",
      images: [{ id: photo.body.id }],
    });
    expect(preview.body.article).toBe("<p>Typed text</p>" + `<p>[[image50=${photo.body.id}]]</p>`);
    expect(preview.body.article_html).toContain("<figure");
    expect(preview.body).not.toHaveProperty("version");

    // What the save of the same fields gives, to the byte.
    const saved = await postForm(admin, `/api/blog/${entry.id}`, typed);
    expect(saved.status).toBe(200);
    expect(preview.body.article_html).toBe(saved.body.article_html);
    expect(preview.body.preview_text).toBe(saved.body.preview_text);
  });

  it("saves nothing: the entry, its version and its history stay as they were", async () => {
    const entry = await createEntry(api.database.db, "project", { title: "Kept as it is" });
    const before = await admin.get(`/api/projects/${entry.id}`);

    const preview = await admin.post(`/api/projects/${entry.id}/preview`, {
      title: "Never saved",
      article: "<p>Never saved either</p>",
    });

    expect(preview.status).toBe(200);
    expect(preview.body.title).toBe("Never saved");
    const after = await admin.get(`/api/projects/${entry.id}`);
    expect(after.body).toEqual(before.body);
    const visitor = api.client({ origin: null });
    const page = await visitor.get(`/api/projects/${entry.slug}`);
    expect(page.body.title).toBe("Kept as it is");
    const history = await admin.get(`/api/revisions/projects/${entry.id}`);
    expect(history.body).toMatchObject({ results: [], total: 0 });
  });

  it("keeps what is not sent, and says a post dated ahead would be scheduled", async () => {
    const entry = await createEntry(api.database.db, "blog", { title: "Dated" });
    const preview = await admin.post(`/api/blog/${entry.id}/preview`, { created_at: FUTURE });
    expect(preview.body).toMatchObject({
      title: "Dated",
      article: entry.article,
      created_at: FUTURE,
      status: "scheduled",
    });
  });

  it("shows a draft as a draft, and an empty title as typed", async () => {
    const created = await admin.post("/api/opportunities", { title: "Draft", status: "draft" });
    const preview = await admin.post(`/api/opportunities/${created.body.id}/preview`, {
      title: "",
    });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ title: "", status: "draft" });
  });

  it("refuses what a save would refuse, in Laravel's words", async () => {
    const entry = await createEntry(api.database.db, "blog");
    const response = await admin.post(`/api/blog/${entry.id}/preview`, {
      title: "x".repeat(256),
      created_at: "someday",
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      created_at: ["The created at field must be a valid date."],
      title: ["The title field must not be greater than 255 characters."],
    });
  });

  it("shows a chosen picture, upright and at most 1600 px wide, and stores no file", async () => {
    const entry = await createEntry(api.database.db, "project", { title: "New cover" });
    const filesBefore = await storedFiles(api);
    // A phone's photo: 2400 × 1200 as stored, shown turned a quarter (EXIF orientation 6).
    const photo = await sharp({
      create: { width: 2400, height: 1200, channels: 3, background: "#c33" },
    })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const preview = await postForm(admin, `/api/projects/${entry.id}/preview`, {
      title: "New cover",
      image: ["cover.jpg", photo],
    });

    expect(preview.status).toBe(200);
    const imageUrl: string = preview.body.image_url;
    expect(imageUrl).toMatch(/^data:image\/webp;base64,/);
    const shown = await sharp(Buffer.from(imageUrl.split(",")[1]!, "base64")).metadata();
    expect(shown).toMatchObject({ format: "webp", width: 800, height: 1600 });
    expect(shown.exif).toBeUndefined();
    expect(await storedFiles(api)).toEqual(filesBefore);
    const after = await admin.get(`/api/projects/${entry.id}`);
    expect(after.body.image_url).toBeNull();
  });

  it("refuses a chosen file that is not a picture as a save would, under image", async () => {
    const entry = await createEntry(api.database.db, "blog");
    const preview = await postForm(admin, `/api/blog/${entry.id}/preview`, {
      title: "Typed",
      image: ["notes.jpg", Buffer.from("not a picture")],
    });
    const saved = await postForm(admin, `/api/blog/${entry.id}`, {
      image: ["notes.jpg", Buffer.from("not a picture")],
    });
    expect(preview.status).toBe(422);
    expect(preview.body.errors).toEqual({ image: ["The image must be an image."] });
    expect(saved.body.errors).toEqual(preview.body.errors);
  });

  it("answers 404 for an entry that is not there or is of another kind", async () => {
    const project = await createEntry(api.database.db, "project");
    expect((await admin.post(`/api/blog/${project.id}/preview`, {})).status).toBe(404);
    expect((await admin.post("/api/blog/999999/preview", {})).status).toBe(404);
  });

  it.each([
    ["anonymous", 401],
    ["member", 403],
  ] as const)("is refused to %s callers (%i)", async (who, status) => {
    const entry = await createEntry(api.database.db, "blog");
    const caller = await clientAs(api, who);
    const response = await caller.post(`/api/blog/${entry.id}/preview`, { title: "No" });
    expect(response.status).toBe(status);
  });
});
