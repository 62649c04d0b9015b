import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import {
  type Caller,
  clientAs,
  filesOf,
  jpeg,
  png,
  postForm,
  storedFiles,
} from "../support/admin-calls.ts";
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

async function freshApi(env: Record<string, string> = {}) {
  const own = await startTestApi(env);
  onTestFinished(() => own.close());
  return { own, client: await clientAs(own, "admin") };
}

/** A blog post with a cover and one photo placed in its article, through the API. */
async function postWithPhoto(client: HttpClient, title = "Harvest day") {
  const created = await client.post("/api/blog", { title });
  expect(created.status).toBe(201);
  const id: number = created.body.id;
  const photo = await postForm(client, "/api/blogimages", {
    blog_id: String(id),
    file: ["p.jpg", await jpeg()],
  });
  expect(photo.status).toBe(201);
  const saved = await postForm(client, `/api/blog/${id}`, {
    image: ["cover.png", await png()],
    article: `<p>Look</p><p>[[image100=${photo.body.id}]]</p>`,
  });
  expect(saved.status).toBe(200);
  return { id, slug: saved.body.slug as string, photo: photo.body, entry: saved.body };
}

function trashIdOf(response: { status: number; headers: Headers }): number {
  expect(response.status).toBe(204);
  const id = response.headers.get("X-Trash-Id");
  expect(id).toMatch(/^\d+$/);
  return Number(id);
}

async function activity(own: TestApi) {
  return own.database.db
    .selectFrom("activity")
    .select(["action", "subject", "subject_id", "title", "link", "user_name"])
    .orderBy("id")
    .execute();
}

describe("trash and restore", () => {
  it("keeps a deleted post with its photos and files, lists it, and restores it whole", async () => {
    const { own, client } = await freshApi();
    const post = await postWithPhoto(client);
    const files = await storedFiles(own);
    expect(files).toHaveLength(8);

    const trashId = trashIdOf(await client.delete(`/api/blog/${post.id}`));
    expect((await client.get(`/api/blog/${post.slug}`)).status).toBe(404);
    expect((await own.client().get(`/api/blog/${post.slug}`)).status).toBe(404);
    expect((await own.client().get("/api/blog")).body).toEqual({ results: [], total: 0 });
    expect(await storedFiles(own)).toEqual(files);

    const list = await client.get("/api/trash");
    expect(list.status).toBe(200);
    expect(list.body.total).toBe(1);
    const [item] = list.body.results;
    expect(item).toMatchObject({
      id: trashId,
      kind: "blog",
      item_id: post.id,
      parent_id: null,
      title: "Harvest day",
      deleted_by: { id: expect.any(Number), name: expect.any(String) },
    });
    const days = (Date.parse(item.purge_at) - Date.parse(item.deleted_at)) / 86_400_000;
    expect(days).toBe(30);
    const one = await client.get(`/api/trash/${trashId}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(item);
    expect((await own.client().get(`/api/trash/${trashId}`)).status).toBe(401);

    const restored = await client.post(`/api/trash/${trashId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toEqual({
      id: trashId,
      kind: "blog",
      item_id: post.id,
      title: "Harvest day",
      slug: post.slug,
      slug_changed: false,
    });
    const back = await own.client().get(`/api/blog/${post.slug}`);
    expect(back.status).toBe(200);
    expect(back.body).toMatchObject({ id: post.id, image_url: post.entry.image_url });
    expect(back.body.images).toEqual([post.photo]);
    expect(back.body.article_html).toContain(post.photo.image_url);
    expect((await own.client().get("/api/blog")).body.total).toBe(1);
    expect((await client.get("/api/trash")).body).toEqual({ results: [], total: 0 });
    expect((await client.post(`/api/trash/${trashId}/restore`, {})).status).toBe(404);
    expect((await client.get(`/api/trash/${trashId}`)).status).toBe(404);

    expect(
      (await activity(own)).filter((row) => ["deleted", "restored"].includes(row.action)),
    ).toEqual([
      expect.objectContaining({
        action: "deleted",
        subject: "blog",
        subject_id: post.id,
        title: "Harvest day",
        link: "/admin/trash",
      }),
      expect.objectContaining({
        action: "restored",
        subject: "blog",
        subject_id: post.id,
        link: `/admin/blog/${post.id}`,
      }),
    ]);
  });

  it("restores a post at the next free slug when its own was taken, and says so", async () => {
    const { client } = await freshApi();
    const post = await postWithPhoto(client, "Open day");
    const trashId = trashIdOf(await client.delete(`/api/blog/${post.id}`));
    const newcomer = await client.post("/api/blog", { title: "Open day" });
    expect(newcomer.body.slug).toBe(post.slug);

    const restored = await client.post(`/api/trash/${trashId}/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ slug: `${post.slug}-2`, slug_changed: true });
    expect((await client.get(`/api/blog/${post.slug}-2`)).body.id).toBe(post.id);
    expect((await client.get(`/api/blog/${post.slug}`)).body.id).toBe(newcomer.body.id);
  });

  it("trashes and restores a single photo; its article shows it again", async () => {
    const { own, client } = await freshApi();
    const post = await postWithPhoto(client);
    const trashId = trashIdOf(await client.delete(`/api/blogimages/${post.photo.id}`));
    const without = await client.get(`/api/blog/${post.id}`);
    expect(without.body.images).toEqual([]);
    expect(without.body.article_html).not.toContain(post.photo.image_url);
    expect(await storedFiles(own)).toHaveLength(8);
    const [item] = (await client.get("/api/trash")).body.results;
    expect(item).toMatchObject({ kind: "entry_image", item_id: post.photo.id, parent_id: post.id });

    expect((await client.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    const back = await client.get(`/api/blog/${post.id}`);
    expect(back.body.images).toEqual([post.photo]);
    expect(back.body.article_html).toContain(post.photo.image_url);
  });

  it("refuses to restore a photo whose post is in the trash; purging the post purges it", async () => {
    const { own, client } = await freshApi();
    const post = await postWithPhoto(client);
    const photoTrash = trashIdOf(await client.delete(`/api/blogimages/${post.photo.id}`));
    const postTrash = trashIdOf(await client.delete(`/api/blog/${post.id}`));

    const refused = await client.post(`/api/trash/${photoTrash}/restore`, {});
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: "Restore the blog post it belongs to first.",
      errors: { id: ["Restore the blog post it belongs to first."] },
    });
    expect((await client.get("/api/trash")).body.total).toBe(2);

    expect((await client.delete(`/api/trash/${postTrash}`)).status).toBe(204);
    expect((await client.get("/api/trash")).body).toEqual({ results: [], total: 0 });
    expect(await storedFiles(own)).toEqual([]);
    expect((await client.delete(`/api/trash/${postTrash}`)).status).toBe(404);
    expect((await activity(own)).at(-1)).toMatchObject({
      action: "purged",
      subject: "blog",
      subject_id: post.id,
      link: "/admin/trash",
    });
  });

  it("trashes and restores a gallery with its photos, and a single gallery photo", async () => {
    const { own, client } = await freshApi();
    const gallery = await client.post("/api/galleries", { name: "Summer camp" });
    const photos = [];
    for (const bytes of [await png(), await jpeg()]) {
      const photo = await postForm(client, "/api/galleriesimages", {
        gallery_id: String(gallery.body.id),
        file: ["photo", bytes],
      });
      photos.push(photo.body);
    }
    const photoTrash = trashIdOf(await client.delete(`/api/galleriesimages/${photos[1].id}`));
    const galleryTrash = trashIdOf(await client.delete(`/api/galleries/${gallery.body.id}`));
    expect((await client.get(`/api/galleries/${gallery.body.id}`)).status).toBe(404);
    expect(await storedFiles(own)).toHaveLength(8);
    const refused = await client.post(`/api/trash/${photoTrash}/restore`, {});
    expect(refused.body.message).toBe("Restore the gallery it belongs to first.");

    expect((await client.post(`/api/trash/${galleryTrash}/restore`, {})).status).toBe(200);
    expect((await client.get(`/api/galleries/${gallery.body.id}`)).body.images).toEqual([
      photos[0],
    ]);
    expect((await client.post(`/api/trash/${photoTrash}/restore`, {})).status).toBe(200);
    expect((await client.get(`/api/galleries/${gallery.body.id}`)).body.images).toEqual(photos);
    expect(await storedFiles(own)).toEqual(
      [...filesOf(photos[0].image_url), ...filesOf(photos[1].image_url)].sort(),
    );
  });

  it("trashes and restores a testimonial; the public list leaves it out meanwhile", async () => {
    const { own, client } = await freshApi();
    const created = await client.post("/api/testimonials", { name: "Amara O.", score: 5 });
    const trashId = trashIdOf(await client.delete(`/api/testimonials/${created.body.id}`));
    expect((await own.client().get("/api/testimonials")).body.total).toBe(0);
    expect((await client.post(`/api/trash/${trashId}/restore`, {})).body).toMatchObject({
      kind: "testimonial",
      title: "Amara O.",
      slug: null,
      slug_changed: false,
    });
    expect((await own.client().get(`/api/testimonials/${created.body.id}`)).body).toEqual(
      created.body,
    );
  });

  it("trashes and restores a widget of no page with its picture; a page's widget stays", async () => {
    const { own, client } = await freshApi();
    const widget = await client.post("/api/widgets", { name: "SpareBanner", type: "IMAGE" });
    const saved = await postForm(client, `/api/widgets/${widget.body.id}`, {
      file: ["a.png", await png()],
    });
    const trashId = trashIdOf(await client.delete(`/api/widgets/${widget.body.id}`));
    expect((await own.client().get("/api/widgets/SpareBanner")).status).toBe(404);
    expect(await storedFiles(own)).toEqual(filesOf(saved.body.image_url).sort());
    expect((await client.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    // The public read carries neither the version nor the place (records 030, 035).
    const { version: _version, location, renamable, deletable, ...publicWidget } = saved.body;
    expect({ location, renamable, deletable }).toEqual({
      location: null,
      renamable: true,
      deletable: true,
    });
    expect((await own.client().get("/api/widgets/SpareBanner")).body).toEqual(publicWidget);
    expect((await client.get(`/api/widgets/${widget.body.id}`)).body).toEqual(saved.body);

    const page = await client.post("/api/widgets", { name: "HomeText", type: "TEXT" });
    const refused = await client.delete(`/api/widgets/${page.body.id}`);
    expect(refused.status).toBe(422);
    expect(refused.body).toEqual({
      message: "This widget is used by the site's pages and cannot be deleted.",
      errors: { name: ["This widget is used by the site's pages and cannot be deleted."] },
    });
    expect((await client.get(`/api/widgets/${page.body.id}`)).status).toBe(200);
    expect((await client.delete("/api/widgets/987654")).status).toBe(404);
  });
});

describe("purge", () => {
  it("purges what was deleted longer ago than TRASH_DAYS when the trash is read", async () => {
    const { own, client } = await freshApi({ TRASH_DAYS: "1" });
    const post = await postWithPhoto(client);
    const trashId = trashIdOf(await client.delete(`/api/blog/${post.id}`));
    await own.database.db
      .updateTable("trash")
      .set({ deleted_at: new Date(Date.now() - 2 * 86_400_000).toISOString() })
      .where("id", "=", trashId)
      .execute();
    expect((await client.get("/api/trash")).body).toEqual({ results: [], total: 0 });
    expect(await storedFiles(own)).toEqual([]);
    const lines = await client.get("/api/activity?action=purged");
    expect(lines.body.results[0]).toMatchObject({
      action: "purged",
      subject: "blog",
      user: { id: null, name: "The site, automatically" },
    });
  });
});

describe("guards", () => {
  it.each([
    ["anonymous", 401],
    ["member", 403],
  ] as [Caller, number][])("refuses every trash call to %s with %i", async (who, status) => {
    const created = await admin.post("/api/testimonials", { name: "Kept", score: 4 });
    const trashId = trashIdOf(await admin.delete(`/api/testimonials/${created.body.id}`));
    const client = await clientAs(api, who);
    const calls: [string, () => Promise<{ status: number }>][] = [
      ["GET", () => client.get("/api/trash")],
      ["restore", () => client.post(`/api/trash/${trashId}/restore`, {})],
      ["purge", () => client.delete(`/api/trash/${trashId}`)],
      ["widget delete", () => client.delete("/api/widgets/1")],
    ];
    for (const [call, send] of calls) expect((await send()).status, call).toBe(status);
    const list = await admin.get("/api/trash?limit=100");
    expect(list.body.results.map((item: { id: number }) => item.id)).toContain(trashId);
  });

  it("answers 404 to unknown trash ids", async () => {
    for (const id of ["987654", "x"]) {
      expect((await admin.post(`/api/trash/${id}/restore`, {})).status, id).toBe(404);
      expect((await admin.delete(`/api/trash/${id}`)).status, id).toBe(404);
    }
  });
});
