import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { type Caller, clientAs, png, postForm } from "../support/admin-calls.ts";
import { createEntry, createEntryImage } from "../support/entries-factory.ts";
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

type RevisionPage = {
  results: {
    version: number;
    user: { id: number; name: string } | null;
    created_at: string;
    changed: string[];
    data: Record<string, unknown>;
  }[];
  total: number;
  version: number;
};

async function history(path: string, client = admin): Promise<RevisionPage> {
  const response = await client.get(`/api/revisions/${path}`);
  expect(response.status).toBe(200);
  return response.body as RevisionPage;
}

async function newPost(title = "First words") {
  return createEntry(api.database.db, "blog", {
    title,
    article: "<p>The original text.</p>",
    preview_text: "The original text.",
  });
}

describe("entry revisions", () => {
  it("keeps the original as version 1, then one revision per save naming what changed", async () => {
    const post = await newPost();
    const first = await postForm(admin, `/api/blog/${post.id}`, {
      title: "Second words",
      version: "0",
    });
    expect(first.status).toBe(200);
    expect(first.body.version).toBe(2);
    const second = await postForm(admin, `/api/blog/${post.id}`, {
      article: "<p>A new text.</p>",
      version: "2",
    });
    expect(second.body.version).toBe(3);
    expect((await admin.get(`/api/blog/${post.id}`)).body.version).toBe(3);

    const page = await history(`blog/${post.id}`);
    expect(page.version).toBe(3);
    expect(page.total).toBe(3);
    expect(page.results.map((revision) => revision.version)).toEqual([3, 2, 1]);
    expect(page.results[0]!.changed).toEqual(["article"]);
    expect(page.results[1]!.changed).toEqual(["title"]);
    expect(page.results[1]!.user?.name).toBeTruthy();
    expect(page.results[2]).toMatchObject({ version: 1, user: null, changed: [] });
    expect(page.results[2]!.data).toMatchObject({
      title: "First words",
      article: "<p>The original text.</p>",
      image_url: null,
      photo_order: [],
      photo_alts: {},
    });
  });

  it("does not show the version to visitors", async () => {
    const post = await newPost();
    const visitor = await api.client().get(`/api/blog/${post.id}`);
    expect(visitor.body).not.toHaveProperty("version");
  });

  it("refuses a stale version with 409 and the current state, and takes the fresh one", async () => {
    const post = await newPost();
    await postForm(admin, `/api/blog/${post.id}`, { title: "Theirs", version: "0" });
    const stale = await postForm(admin, `/api/blog/${post.id}`, { title: "Mine", version: "0" });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Someone else saved this item since you opened it.");
    expect(stale.body.current).toMatchObject({ version: 2, data: { title: "Theirs" } });
    expect(stale.body.current.user.name).toBeTruthy();
    expect(stale.body.current.saved_at).toMatch(/^\d{4}-/);
    expect((await admin.get(`/api/blog/${post.id}`)).body.title).toBe("Theirs");

    const fresh = await postForm(admin, `/api/blog/${post.id}`, { title: "Mine", version: "2" });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ title: "Mine", version: 3 });
    const unversioned = await postForm(admin, `/api/blog/${post.id}`, { title: "Spec's call" });
    expect(unversioned.status).toBe(200);
    expect(unversioned.body.version).toBe(4);
  });

  it("refuses a version that is not a whole number with 422", async () => {
    const post = await newPost();
    const response = await postForm(admin, `/api/blog/${post.id}`, { version: "two" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ version: ["The version field must be an integer."] });
  });

  it("restores a version as a new revision, history unchanged", async () => {
    const post = await newPost();
    await postForm(admin, `/api/blog/${post.id}`, { title: "Changed", article: "<p>New.</p>" });
    const restored = await admin.post(`/api/revisions/blog/${post.id}/1/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({
      id: post.id,
      title: "First words",
      article: "<p>The original text.</p>",
      version: 3,
    });
    const page = await history(`blog/${post.id}`);
    expect(page.results.map((revision) => revision.version)).toEqual([3, 2, 1]);
    expect(page.results[0]!.changed).toEqual(expect.arrayContaining(["title", "article"]));
    const { body: activity } = await api.database.db
      .selectFrom("activity")
      .select(["action", "subject", "subject_id", "link"])
      .where("subject_id", "=", post.id)
      .execute()
      .then((rows) => ({ body: rows }));
    expect(activity).toContainEqual({
      action: "version_restored",
      subject: "blog",
      subject_id: post.id,
      link: `/admin/blog/${post.id}`,
    });
  });

  it("refuses a restore with 409 once the item was saved past the version the client compared with", async () => {
    const post = await newPost();
    await postForm(admin, `/api/blog/${post.id}`, { title: "Second" });
    await postForm(admin, `/api/blog/${post.id}`, { title: "Theirs, saved meanwhile" });
    const stale = await admin.post(`/api/revisions/blog/${post.id}/1/restore`, { version: 2 });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({
      version: 3,
      data: { title: "Theirs, saved meanwhile" },
    });
    expect((await admin.get(`/api/blog/${post.id}`)).body.title).toBe("Theirs, saved meanwhile");
    expect((await history(`blog/${post.id}`)).total).toBe(3);

    const fresh = await admin.post(`/api/revisions/blog/${post.id}/1/restore`, { version: 3 });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toMatchObject({ title: "First words", version: 4 });
    const settings = await admin.post("/api/revisions/settings/0/1/restore", { version: "x" });
    expect(settings.status).toBe(422);
    expect(settings.body.errors).toEqual({ version: ["The version field must be an integer."] });
  });

  it("answers 422 when the restored slug now belongs to another entry", async () => {
    const post = await newPost();
    const original = post.slug;
    await postForm(admin, `/api/blog/${post.id}`, { slug: `${original}-moved` });
    // The old slug redirects to the post; freeing it lets another post take it.
    await admin.delete(`/api/blog/${post.id}/old-slugs/${original}`);
    await createEntry(api.database.db, "blog", { slug: original });
    const restored = await admin.post(`/api/revisions/blog/${post.id}/1/restore`, {});
    expect(restored.status).toBe(422);
    expect(restored.body.errors).toHaveProperty("slug");
  });

  it("keeps the photo order as a revision and skips gone photos on restore", async () => {
    const post = await newPost();
    const db = api.database.db;
    const [a, b, c] = [
      await createEntryImage(db, post, { position: 0 }),
      await createEntryImage(db, post, { position: 1 }),
      await createEntryImage(db, post, { position: 2 }),
    ];
    const order = await admin.post("/api/blogimages/order", {
      id: post.id,
      images: [{ id: c!.id }, { id: b!.id }, { id: a!.id }],
    });
    expect(order.status).toBe(200);
    const page = await history(`blog/${post.id}`);
    expect(page.results[0]).toMatchObject({
      version: 2,
      changed: ["photo_order"],
      data: { photo_order: [c!.id, b!.id, a!.id] },
    });
    expect(page.results[1]!.data.photo_order).toEqual([a!.id, b!.id, c!.id]);

    await db.deleteFrom("entry_images").where("id", "=", b!.id).execute();
    const restored = await admin.post(`/api/revisions/blog/${post.id}/1/restore`, {});
    expect(restored.status).toBe(200);
    expect(restored.body.images.map((image: { id: number }) => image.id)).toEqual([a!.id, c!.id]);
  });

  it("keeps a replaced cover's files while a revision names it", async () => {
    const own = await startTestApi({ REVISIONS_KEEP: "1" });
    onTestFinished(() => own.close());
    const client = await clientAs(own, "admin");
    const post = await createEntry(own.database.db, "blog");
    const first = await postForm(client, `/api/blog/${post.id}`, { image: await png() });
    const second = await postForm(client, `/api/blog/${post.id}`, { image: await png(80, 60) });
    expect(second.status).toBe(200);
    const firstCover = (first.body.image_url as string).replace(/^\/storage\//, "");
    expect(await own.app.storage.exists(firstCover)).toBe(true);
    const restored = await client.post(`/api/revisions/blog/${post.id}/2/restore`, {});
    expect(restored.body.image_url).toBe(first.body.image_url);
  });

  it("deletes a cover's files once the revisions naming it are pruned", async () => {
    const own = await startTestApi({ REVISIONS_KEEP: "1" });
    onTestFinished(() => own.close());
    const client = await clientAs(own, "admin");
    const db = own.database.db;
    const post = await createEntry(db, "blog");
    const first = await postForm(client, `/api/blog/${post.id}`, { image: await png() });
    await postForm(client, `/api/blog/${post.id}`, { image: await png(80, 60) });
    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    await db
      .updateTable("revisions")
      .set({ created_at: old })
      .where("subject_id", "=", post.id)
      .execute();
    await postForm(client, `/api/blog/${post.id}`, { title: "Pruning now" });
    const firstCover = (first.body.image_url as string).replace(/^\/storage\//, "");
    expect(await own.app.storage.exists(firstCover)).toBe(false);
    expect((await history(`blog/${post.id}`, client)).results.map((r) => r.version)).toEqual([4]);
  });
});

describe("pruning", () => {
  it("keeps the newest REVISIONS_KEEP and every revision younger than a week", async () => {
    const own = await startTestApi({ REVISIONS_KEEP: "3" });
    onTestFinished(() => own.close());
    const client = await clientAs(own, "admin");
    const db = own.database.db;
    const post = await createEntry(db, "blog");
    for (let n = 1; n <= 5; n += 1)
      await postForm(client, `/api/blog/${post.id}`, { title: `Title ${n}` });
    // All young: none pruned.
    expect((await history(`blog/${post.id}`, client)).total).toBe(6);

    const old = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000).toISOString();
    await db
      .updateTable("revisions")
      .set({ created_at: old })
      .where("subject_id", "=", post.id)
      .where("version", "<=", 5)
      .execute();
    await postForm(client, `/api/blog/${post.id}`, { title: "Title 6" });
    const page = await history(`blog/${post.id}`, client);
    expect(page.results.map((revision) => revision.version)).toEqual([7, 6, 5]);
  });
});

describe("widgets, testimonials and settings", () => {
  it("keeps widget revisions, with 409 on a stale version", async () => {
    const created = await admin.post("/api/widgets", { name: `history-${Date.now()}` });
    const id = created.body.id as number;
    expect((await admin.get(`/api/widgets/${id}`)).body.version).toBe(0);
    const saved = await postForm(admin, `/api/widgets/${id}`, { html: "<p>One</p>", version: "0" });
    expect(saved.body.version).toBe(2);
    const stale = await postForm(admin, `/api/widgets/${id}`, { html: "<p>Two</p>", version: "1" });
    expect(stale.status).toBe(409);
    const page = await history(`widgets/${id}`);
    expect(page.results[0]).toMatchObject({ version: 2, changed: ["html"] });
    const restored = await admin.post(`/api/revisions/widgets/${id}/1/restore`, {});
    expect(restored.body).toMatchObject({ id, html: "", version: 3 });
  });

  it("keeps testimonial revisions, with 409 on a stale version", async () => {
    const created = await admin.post("/api/testimonials", { name: "Amara", score: 5 });
    const id = created.body.id as number;
    expect((await admin.get(`/api/testimonials/${id}`)).body.version).toBe(0);
    const saved = await admin.post(`/api/testimonials/${id}`, { score: 3, version: 0 });
    expect(saved.body).toMatchObject({ score: 3, version: 2 });
    expect((await admin.post(`/api/testimonials/${id}`, { score: 1, version: 1 })).status).toBe(
      409,
    );
    const page = await history(`testimonials/${id}`);
    expect(page.results[0]).toMatchObject({ changed: ["score"], data: { score: 3 } });
    const restored = await admin.post(`/api/revisions/testimonials/${id}/1/restore`, {});
    expect(restored.body).toMatchObject({ score: 5, version: 3 });
  });

  it("keeps settings revisions under id 0, with 409 on a stale version", async () => {
    const own = await startTestApi();
    onTestFinished(() => own.close());
    const client = await clientAs(own, "admin");
    expect((await client.get("/api/settings")).body.version).toBe(0);
    expect((await own.client().get("/api/settings")).body).not.toHaveProperty("version");
    const saved = await client.put("/api/settings", {
      name: "Almoner Trust",
      social: { facebook: "https://facebook.com/almoner" },
      version: 0,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.version).toBe(2);
    expect((await client.put("/api/settings", { phone: "1", version: 1 })).status).toBe(409);
    const page = await history("settings/0", client);
    expect(page.results[0]!.changed).toEqual(["name", "social.facebook"]);
    const restored = await client.post("/api/revisions/settings/0/1/restore", {});
    expect(restored.body).toMatchObject({ social: { facebook: "" }, version: 3 });
  });

  it("answers 404 for an unknown subject, version or settings id", async () => {
    expect((await admin.get("/api/revisions/galleries/1")).status).toBe(404);
    expect((await admin.get("/api/revisions/settings/1")).status).toBe(404);
    const post = await newPost();
    expect((await admin.post(`/api/revisions/blog/${post.id}/9/restore`, {})).status).toBe(404);
  });

  it("answers 404 for the history of an item that is not there, and again once it is restored", async () => {
    const project = await createEntry(api.database.db, "project", { title: "A project" });
    expect((await admin.get(`/api/revisions/blog/${project.id}`)).status).toBe(404);
    expect((await admin.get(`/api/revisions/widgets/${project.id + 1000}`)).status).toBe(404);
    expect((await admin.get(`/api/revisions/testimonials/${project.id + 1000}`)).status).toBe(404);

    const post = await newPost();
    await postForm(admin, `/api/blog/${post.id}`, { title: "Saved once" });
    const deleted = await admin.delete(`/api/blog/${post.id}`);
    expect(deleted.status).toBe(204);
    expect((await admin.get(`/api/revisions/blog/${post.id}`)).status).toBe(404);

    const trashId = deleted.headers.get("X-Trash-Id");
    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    expect((await history(`blog/${post.id}`)).results.map((revision) => revision.version)).toEqual([
      2, 1,
    ]);
  });
});

describe("guards", () => {
  it.each([
    ["anonymous", 401],
    ["member", 403],
  ] as [Caller, number][])("refuses %s with %i on every revision call", async (who, status) => {
    const post = await newPost();
    await postForm(admin, `/api/blog/${post.id}`, { title: "Saved once" });
    const client = await clientAs(api, who);
    expect((await client.get(`/api/revisions/blog/${post.id}`)).status).toBe(status);
    expect((await client.post(`/api/revisions/blog/${post.id}/1/restore`, {})).status).toBe(status);
    expect((await admin.get(`/api/blog/${post.id}`)).body.title).toBe("Saved once");
  });
});
