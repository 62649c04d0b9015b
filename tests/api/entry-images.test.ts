import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import type { EntryKind } from "../../server/db/schema.ts";
import { svgImage } from "../fixtures/images.ts";
import { createEntry, createEntryImage } from "../support/entries-factory.ts";
import { clientAs, filesOf, jpeg, png, postForm, storedFiles } from "../support/admin-calls.ts";
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

/** An API of the test's own, so its uploads folder holds only what the test stores. */
async function freshApi(): Promise<{ own: TestApi; client: HttpClient }> {
  const own = await startTestApi();
  onTestFinished(() => own.close());
  return { own, client: await clientAs(own, "admin") };
}

/** Each kind with the owner field the web tier sends when uploading a picture. */
const KINDS: [segment: string, kind: EntryKind, owner: string][] = [
  ["projects", "project", "project_id"],
  ["blog", "blog", "blog_id"],
  ["opportunities", "opportunity", "project_id"],
];

async function upload(client: HttpClient, segment: string, owner: string, entryId: number) {
  const response = await postForm(client, `/api/${segment}images`, {
    [owner]: String(entryId),
    file: ["photo.jpg", await jpeg(300, 200)],
  });
  expect(response.status).toBe(201);
  return response.body as { id: number; image_url: string; order: number };
}

async function fileSize(own: TestApi, imageUrl: string) {
  const response = await fetch(`${own.url}${imageUrl}`);
  expect(response.status).toBe(200);
  const { width, height } = await sharp(Buffer.from(await response.arrayBuffer())).metadata();
  return { width, height };
}

describe("POST /api/{kind}images", () => {
  it.each(KINDS)(
    "adds a picture to a %s entry, at the end of its order",
    async (segment, kind, owner) => {
      const entry = await createEntry(api.database.db, kind);
      const first = await postForm(admin, `/api/${segment}images`, {
        [owner]: String(entry.id),
        file: ["first.png", await png(90, 60)],
      });
      expect(first.status).toBe(201);
      expect(first.body).toEqual({
        id: expect.any(Number),
        image_url: expect.stringMatching(/^\/storage\/uploads\/entries\/[0-9a-f]{32}\.webp$/),
        alt: "",
        short_code: `[[image100=${first.body.id}]]`,
        order: 0,
      });
      const second = await upload(admin, segment, owner, entry.id);
      expect(second.order).toBe(1);

      const detail = await admin.get(`/api/${segment}/${entry.id}`);
      expect(detail.body.images).toEqual([first.body, expect.objectContaining(second)]);
    },
  );

  it("takes opportunity_id for an opportunity too", async () => {
    const entry = await createEntry(api.database.db, "opportunity");
    const image = await upload(admin, "opportunities", "opportunity_id", entry.id);
    const detail = await admin.get(`/api/opportunities/${entry.id}`);
    expect(detail.body.images.map((i: { id: number }) => i.id)).toEqual([image.id]);
  });

  it("takes an alt text with the picture", async () => {
    const entry = await createEntry(api.database.db, "project");
    const response = await postForm(admin, "/api/projectsimages", {
      project_id: String(entry.id),
      alt: "  Children at a new well ",
      file: ["well.png", await png()],
    });
    expect(response.status).toBe(201);
    expect(response.body.alt).toBe("Children at a new well");
  });

  it("accepts a PNG named .jpg and stores it upright, in WebP, at its own size", async () => {
    const { own, client } = await freshApi();
    const entry = await createEntry(own.database.db, "blog");
    const response = await postForm(client, "/api/blogimages", {
      blog_id: String(entry.id),
      file: ["photo.jpg", await png(120, 80)],
    });
    expect(response.status).toBe(201);
    expect(await fileSize(own, response.body.image_url)).toEqual({ width: 120, height: 80 });
    expect(await storedFiles(own)).toEqual(filesOf(response.body.image_url).sort());
  });

  it.each([
    ["projects", {}, "project_id", "The project id field is required."],
    ["projects", { project_id: "" }, "project_id", "The project id field is required."],
    ["projects", { project_id: "abc" }, "project_id", "The project id field must be an integer."],
    ["projects", { project_id: "987654" }, "project_id", "The selected project id is invalid."],
    [
      "projects",
      { project_id: "99999999999" },
      "project_id",
      "The selected project id is invalid.",
    ],
    ["blog", { blog_id: "987654" }, "blog_id", "The selected blog id is invalid."],
    ["blog", { project_id: "1" }, "blog_id", "The blog id field is required."],
    ["opportunities", {}, "project_id", "The project id field is required."],
    [
      "opportunities",
      { opportunity_id: "987654" },
      "opportunity_id",
      "The selected opportunity id is invalid.",
    ],
  ])("answers 422 to /api/%simages with %j", async (segment, fields, field, message) => {
    const response = await postForm(admin, `/api/${segment}images`, {
      ...fields,
      file: ["photo.png", await png()],
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it("answers 422 when the owner is an entry of another kind", async () => {
    const post = await createEntry(api.database.db, "blog");
    const response = await postForm(admin, "/api/projectsimages", {
      project_id: String(post.id),
      file: ["photo.png", await png()],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ project_id: ["The selected project id is invalid."] });
  });

  it("answers 422 under both fields when owner and file are missing", async () => {
    const response = await postForm(admin, "/api/blogimages", {});
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The blog id field is required. (and 1 more error)",
      errors: {
        blog_id: ["The blog id field is required."],
        file: ["The file field is required."],
      },
    });
  });

  it.each([
    ["an SVG", ["drawing.svg", svgImage] as [string, Buffer], "The file must be an image."],
    [
      "a text file",
      ["a.png", Buffer.from("hello")] as [string, Buffer],
      "The file must be an image.",
    ],
    [
      "an empty file",
      ["a.png", Buffer.alloc(0)] as [string, Buffer],
      "The file field is required.",
    ],
  ])("answers 422 under file to %s and stores nothing", async (_case, file, message) => {
    const { own, client } = await freshApi();
    const entry = await createEntry(own.database.db, "project");
    const response = await postForm(client, "/api/projectsimages", {
      project_id: String(entry.id),
      file,
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { file: [message] } });
    expect(await storedFiles(own)).toEqual([]);
    expect((await client.get(`/api/projects/${entry.id}`)).body.images).toEqual([]);
  });

  it("answers 422 to a picture of more than 40 megapixels", async () => {
    const entry = await createEntry(api.database.db, "project");
    const huge = await sharp({
      create: { width: 5001, height: 8000, channels: 3, background: "#000" },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const response = await postForm(admin, "/api/projectsimages", {
      project_id: String(entry.id),
      file: ["huge.png", huge],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      file: ["The file must not be larger than 40 megapixels."],
    });
  });

  it("answers 413 to a 25 MB file and stores nothing", async () => {
    const { own, client } = await freshApi();
    const entry = await createEntry(own.database.db, "opportunity");
    const response = await postForm(client, "/api/opportunitiesimages", {
      project_id: String(entry.id),
      file: ["big.jpg", Buffer.alloc(25 * 1024 * 1024, 3)],
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: "The image you have uploaded is too large" });
    expect(await storedFiles(own)).toEqual([]);
  });
});

describe("POST /api/{kind}images/order", () => {
  it.each(KINDS)("saves the order of a %s entry's pictures", async (segment, kind, owner) => {
    const entry = await createEntry(api.database.db, kind);
    const [a, b, c] = [
      await upload(admin, segment, owner, entry.id),
      await upload(admin, segment, owner, entry.id),
      await upload(admin, segment, owner, entry.id),
    ];
    const response = await admin.post(`/api/${segment}images/order`, {
      id: entry.id,
      images: [{ id: c!.id }, { id: a!.id }, { id: b!.id }],
    });
    expect(response.status).toBe(200);
    expect(response.body.id).toBe(entry.id);
    expect(response.body.images.map((i: { id: number; order: number }) => [i.id, i.order])).toEqual(
      [
        [c!.id, 0],
        [a!.id, 1],
        [b!.id, 2],
      ],
    );
    const detail = await admin.get(`/api/${segment}/${entry.slug}`);
    expect(detail.body.images).toEqual(response.body.images);
  });

  it("takes the whole entry as the web tier sends it back", async () => {
    const entry = await createEntry(api.database.db, "blog");
    const a = await upload(admin, "blog", "blog_id", entry.id);
    const b = await upload(admin, "blog", "blog_id", entry.id);
    const detail = (await admin.get(`/api/blog/${entry.id}`)).body;
    const response = await admin.post("/api/blogimages/order", {
      ...detail,
      images: [detail.images[1], detail.images[0]],
    });
    expect(response.status).toBe(200);
    expect(response.body.images.map((i: { id: number }) => i.id)).toEqual([b.id, a.id]);
  });

  it.each([
    ["a picture of another entry", "other", "images", "The selected images.1.id is invalid."],
    ["an unknown picture", "unknown", "images", "The selected images.1.id is invalid."],
    ["a repeated picture", "repeat", "images", "The images.1.id field has a duplicate value."],
    ["no pictures", "none", "images", "The images field is required."],
    ["no entry id", "no-id", "id", "The id field is required."],
    ["an unknown entry", "unknown-entry", "id", "The selected id is invalid."],
    ["an entry of another kind", "other-kind", "id", "The selected id is invalid."],
  ])("answers 422 to %s", async (_case, variant, field, message) => {
    const entry = await createEntry(api.database.db, "project");
    const mine = await createEntryImage(api.database.db, entry);
    const other = await createEntryImage(
      api.database.db,
      await createEntry(api.database.db, "project"),
    );
    const post = await createEntry(api.database.db, "blog");
    const bodies: Record<string, unknown> = {
      other: { id: entry.id, images: [{ id: mine.id }, { id: other.id }] },
      unknown: { id: entry.id, images: [{ id: mine.id }, { id: 987654 }] },
      repeat: { id: entry.id, images: [{ id: mine.id }, { id: mine.id }] },
      none: { id: entry.id, images: [] },
      "no-id": { images: [{ id: mine.id }] },
      "unknown-entry": { id: 987654, images: [{ id: mine.id }] },
      "other-kind": { id: post.id, images: [{ id: mine.id }] },
    };
    const response = await admin.post("/api/projectsimages/order", bodies[variant]);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });
});

describe("DELETE /api/{kind}images/{id}", () => {
  it.each(KINDS)(
    "moves a %s picture to the trash; its files go with the purge",
    async (segment, kind, owner) => {
      const { own, client } = await freshApi();
      const entry = await createEntry(own.database.db, kind);
      const gone = await upload(client, segment, owner, entry.id);
      const kept = await upload(client, segment, owner, entry.id);
      const response = await client.delete(`/api/${segment}images/${gone.id}`);
      expect(response.status).toBe(204);
      expect(response.text).toBe("");
      const detail = await client.get(`/api/${segment}/${entry.id}`);
      expect(detail.body.images.map((i: { id: number }) => i.id)).toEqual([kept.id]);
      expect(await storedFiles(own)).toEqual(
        [...filesOf(gone.image_url), ...filesOf(kept.image_url)].sort(),
      );
      const trashId = response.headers.get("X-Trash-Id");
      expect((await client.delete(`/api/trash/${trashId}`)).status).toBe(204);
      expect(await storedFiles(own)).toEqual(filesOf(kept.image_url).sort());
    },
  );

  it("answers 404 to an unknown picture and to a picture of another kind's entry", async () => {
    const post = await createEntry(api.database.db, "blog");
    const image = await createEntryImage(api.database.db, post);
    for (const path of [
      "/api/blogimages/987654",
      `/api/projectsimages/${image.id}`,
      "/api/blogimages/abc",
    ]) {
      const response = await admin.delete(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: "Not Found." });
    }
    expect((await admin.get(`/api/blog/${post.id}`)).body.images).toHaveLength(1);
  });
});

describe("POST /api/{kind}images/{id}/rotate", () => {
  it.each(KINDS)(
    "turns a %s picture 90° clockwise under a new URL, for good",
    async (segment, kind, owner) => {
      const { own, client } = await freshApi();
      const entry = await createEntry(own.database.db, kind);
      const image = await upload(client, segment, owner, entry.id);
      expect(await fileSize(own, image.image_url)).toEqual({ width: 300, height: 200 });

      const response = await client.post(`/api/${segment}images/${image.id}/rotate`, {
        id: image.id,
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        ...image,
        image_url: expect.stringMatching(/^\/storage\/uploads\/entries\/[0-9a-f]{32}\.webp$/),
      });
      expect(response.body.image_url).not.toBe(image.image_url);
      expect(await fileSize(own, response.body.image_url)).toEqual({ width: 200, height: 300 });
      expect(await storedFiles(own)).toEqual(filesOf(response.body.image_url).sort());

      const detail = await client.get(`/api/${segment}/${entry.id}`);
      expect(detail.body.images).toEqual([response.body]);
    },
  );

  it("answers 404 to a picture whose file is gone", async () => {
    const project = await createEntry(api.database.db, "project");
    const image = await createEntryImage(api.database.db, project);
    const response = await admin.post(`/api/projectsimages/${image.id}/rotate`, {});
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not Found." });
  });

  it("answers 404 to an unknown picture and to a picture of another kind's entry", async () => {
    const project = await createEntry(api.database.db, "project");
    const image = await createEntryImage(api.database.db, project);
    for (const path of [
      "/api/projectsimages/987654/rotate",
      `/api/blogimages/${image.id}/rotate`,
    ]) {
      const response = await admin.post(path, {});
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: "Not Found." });
    }
  });
});
