import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EntryKind } from "../../server/db/schema.ts";
import { createEntry } from "../support/entries-factory.ts";
import { clientAs, jpeg, postForm, type Caller } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

// POST /api/{kind}images/{id} with `alt` (record 032): an entry photo described as a gallery
// photo is (spec §7), shown so on the public site: in the detail's images and the article.

let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});

const KINDS: [segment: string, kind: EntryKind, owner: string][] = [
  ["projects", "project", "project_id"],
  ["blog", "blog", "blog_id"],
  ["opportunities", "opportunity", "project_id"],
];

type Photo = { id: number; image_url: string; alt: string; short_code: string; order: number };

async function entryWithPhoto(segment: string, kind: EntryKind, owner: string) {
  const entry = await createEntry(api.database.db, kind);
  const uploaded = await postForm(admin, `/api/${segment}images`, {
    [owner]: String(entry.id),
    file: ["photo.jpg", await jpeg(120, 80)],
  });
  expect(uploaded.status).toBe(201);
  return { entry, photo: uploaded.body as Photo };
}

describe("POST /api/{kind}images/{id}", () => {
  it.each(KINDS)(
    "describes a photo of a %s entry; admins and the public read it",
    async (segment, kind, owner) => {
      const { entry, photo } = await entryWithPhoto(segment, kind, owner);
      const response = await admin.post(`/api/${segment}images/${photo.id}`, {
        alt: "  Children at the new well ",
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ ...photo, alt: "Children at the new well" });

      expect((await admin.get(`/api/${segment}/${entry.id}`)).body.images).toEqual([response.body]);
      const visitor = await clientAs(api, "anonymous");
      const publicRead = await visitor.get(`/api/${segment}/${entry.slug}`);
      expect(publicRead.status).toBe(200);
      expect(publicRead.body.images).toEqual([
        expect.objectContaining({ id: photo.id, alt: "Children at the new well" }),
      ]);
    },
  );

  it("takes a multipart form, and empties the alt with an empty value or null", async () => {
    const { photo } = await entryWithPhoto("blog", "blog", "blog_id");
    const form = await postForm(admin, `/api/blogimages/${photo.id}`, { alt: "A dusty road" });
    expect(form.status).toBe(200);
    expect(form.body.alt).toBe("A dusty road");
    const kept = await admin.post(`/api/blogimages/${photo.id}`, {});
    expect(kept.body.alt).toBe("A dusty road");
    const emptied = await admin.post(`/api/blogimages/${photo.id}`, { alt: null });
    expect(emptied.status).toBe(200);
    expect(emptied.body.alt).toBe("");
  });

  it("puts the alt on the article's embedded copy of the photo", async () => {
    const { entry, photo } = await entryWithPhoto("projects", "project", "project_id");
    await postForm(admin, `/api/projects/${entry.id}`, {
      article: `<p>Before</p><p>[[image50=${photo.id}]]</p>`,
    });
    await admin.post(`/api/projectsimages/${photo.id}`, { alt: 'Pump "No. 2" & tank' });
    const detail = await (await clientAs(api, "anonymous")).get(`/api/projects/${entry.slug}`);
    expect(detail.body.article_html).toContain(
      `alt="Pump &quot;No. 2&quot; &amp; tank" loading="lazy"`,
    );
  });

  it("answers 422 to an alt over 255 characters or with control characters, and keeps the old one", async () => {
    const { entry, photo } = await entryWithPhoto("blog", "blog", "blog_id");
    await admin.post(`/api/blogimages/${photo.id}`, { alt: "Kept" });
    const long = await admin.post(`/api/blogimages/${photo.id}`, { alt: "a".repeat(256) });
    expect(long.status).toBe(422);
    expect(long.body).toEqual({
      message: "The alt field must not be greater than 255 characters.",
      errors: { alt: ["The alt field must not be greater than 255 characters."] },
    });
    const control = await admin.post(`/api/blogimages/${photo.id}`, { alt: "bell\u0007" });
    expect(control.status).toBe(422);
    expect(Object.keys(control.body.errors)).toEqual(["alt"]);
    const list = await admin.post(`/api/blogimages/${photo.id}`, { alt: ["a", "b"] });
    expect(list.status).toBe(422);
    expect((await admin.get(`/api/blog/${entry.id}`)).body.images[0].alt).toBe("Kept");
  });

  it("answers 404 to an unknown photo and to a photo of another kind's entry", async () => {
    const { photo } = await entryWithPhoto("blog", "blog", "blog_id");
    for (const path of [`/api/projectsimages/${photo.id}`, "/api/blogimages/999999"]) {
      const response = await admin.post(path, { alt: "x" });
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: "Not Found." });
    }
  });

  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses %s with %i and changes nothing",
    async (who, status, message) => {
      const { entry, photo } = await entryWithPhoto("opportunities", "opportunity", "project_id");
      const client = await clientAs(api, who);
      const response = await client.post(`/api/opportunitiesimages/${photo.id}`, {
        alt: "Changed",
      });
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ message });
      expect((await admin.get(`/api/opportunities/${entry.id}`)).body.images[0].alt).toBe("");
    },
  );

  it("keeps the change as a revision of the entry, which a restore takes back", async () => {
    const { entry, photo } = await entryWithPhoto("blog", "blog", "blog_id");
    await admin.post(`/api/blogimages/${photo.id}`, { alt: "First words" });
    await admin.post(`/api/blogimages/${photo.id}`, { alt: "Second words" });
    const history = await admin.get(`/api/revisions/blog/${entry.id}`);
    expect(history.status).toBe(200);
    expect(history.body.results[0]).toMatchObject({
      changed: [`photo_alts.${photo.id}`],
      data: { photo_order: [photo.id], photo_alts: { [photo.id]: "Second words" } },
    });
    const firstWords = history.body.results.find(
      (revision: { data: { photo_alts?: Record<string, string> } }) =>
        revision.data.photo_alts?.[photo.id] === "First words",
    );
    const restored = await admin.post(
      `/api/revisions/blog/${entry.id}/${firstWords.version}/restore`,
      {},
    );
    expect(restored.status).toBe(200);
    expect(restored.body.images[0].alt).toBe("First words");
  });

  it("keeps the alt of a photo deleted to the trash and restored", async () => {
    const { entry, photo } = await entryWithPhoto("projects", "project", "project_id");
    await admin.post(`/api/projectsimages/${photo.id}`, { alt: "Back again" });
    const deleted = await admin.delete(`/api/projectsimages/${photo.id}`);
    expect(deleted.status).toBe(204);
    const trashId = deleted.headers.get("x-trash-id");
    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    expect((await admin.get(`/api/projects/${entry.id}`)).body.images[0].alt).toBe("Back again");
  });
});
