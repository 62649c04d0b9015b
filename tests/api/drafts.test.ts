import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Caller, clientAs, postForm } from "../support/admin-calls.ts";
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

let counter = 0;

async function createPost(title = `Draft test ${++counter}`) {
  const response = await postForm(admin, "/api/blog", { title });
  expect(response.status).toBe(201);
  return response.body as { id: number; slug: string };
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

describe("a draft", () => {
  it("is saved, read back, replaced and discarded", async () => {
    const post = await createPost();
    const url = `/api/drafts/blog/${post.id}`;
    expect((await admin.get(url)).status).toBe(404);

    const first = await admin.put(url, {
      version: 3,
      data: { title: "Half typed", article: "<p>Hi</p>" },
    });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ saved_at: expect.stringMatching(ISO) });
    expect((await admin.get(url)).body).toEqual({
      version: 3,
      data: { title: "Half typed", article: "<p>Hi</p>" },
      saved_at: first.body.saved_at,
    });

    const second = await admin.put(url, { version: null, data: { title: "Typed more" } });
    expect(second.status).toBe(200);
    expect((await admin.get(url)).body).toEqual({
      version: null,
      data: { title: "Typed more" },
      saved_at: second.body.saved_at,
    });

    // Version 0: typed against the item as it was added, before any save.
    const third = await admin.put(url, { version: 0, data: { title: "Typed first" } });
    expect(third.status).toBe(200);
    expect((await admin.get(url)).body).toMatchObject({ version: 0 });

    const discarded = await admin.delete(url);
    expect(discarded.status).toBe(204);
    expect((await admin.get(url)).status).toBe(404);
    expect((await admin.delete(url)).status).toBe(204);
  });

  it("belongs to its author alone", async () => {
    const post = await createPost();
    const url = `/api/drafts/blog/${post.id}`;
    await admin.put(url, { data: { title: "Mine" } });
    const colleague = await clientAs(api, "admin");
    expect((await colleague.get(url)).status).toBe(404);
    await colleague.put(url, { data: { title: "Theirs" } });
    await colleague.delete(url);
    expect((await admin.get(url)).body.data).toEqual({ title: "Mine" });
  });

  it("publishes nothing: the public and admin reads are unchanged", async () => {
    const post = await createPost();
    const before = (await admin.get(`/api/blog/${post.id}`)).body;
    const publicBefore = (await api.client().get(`/api/blog/${post.slug}`)).body;
    await admin.put(`/api/drafts/blog/${post.id}`, {
      data: { title: "Not yet", article: "<p>Secret</p>", slug: "not-yet" },
    });
    expect((await admin.get(`/api/blog/${post.id}`)).body).toEqual(before);
    expect((await api.client().get(`/api/blog/${post.slug}`)).body).toEqual(publicBefore);
    expect((await api.client().get("/api/blog/not-yet")).status).toBe(404);
  });
});

describe("a save of the item", () => {
  it("removes the saver's draft of an entry, and only the saver's", async () => {
    const post = await createPost();
    const url = `/api/drafts/blog/${post.id}`;
    const colleague = await clientAs(api, "admin");
    await admin.put(url, { data: { title: "Mine" } });
    await colleague.put(url, { data: { title: "Theirs" } });
    expect((await postForm(admin, `/api/blog/${post.id}`, { title: "Saved" })).status).toBe(200);
    expect((await admin.get(url)).status).toBe(404);
    expect((await colleague.get(url)).body.data).toEqual({ title: "Theirs" });
  });

  it("removes the draft of a widget, a testimonial and the settings", async () => {
    const widget = (await admin.post("/api/widgets", { name: `DraftWidget${++counter}` })).body;
    const testimonial = (
      await admin.post("/api/testimonials", { name: "Amara O.", score: 5, review: "" })
    ).body;
    const saves: [string, () => Promise<{ status: number }>][] = [
      [
        `/api/drafts/widgets/${widget.id}`,
        () => postForm(admin, `/api/widgets/${widget.id}`, { html: "<p>x</p>" }),
      ],
      [
        `/api/drafts/testimonials/${testimonial.id}`,
        () => admin.post(`/api/testimonials/${testimonial.id}`, { score: 4 }),
      ],
      ["/api/drafts/settings/0", () => admin.put("/api/settings", { phone: "+1 555 0100" })],
    ];
    for (const [url, save] of saves) {
      expect((await admin.put(url, { data: { html: "typed" } })).status, url).toBe(200);
      expect((await save()).status, url).toBe(200);
      expect((await admin.get(url)).status, url).toBe(404);
    }
  });

  it("that fails keeps the draft", async () => {
    const post = await createPost();
    const url = `/api/drafts/blog/${post.id}`;
    await admin.put(url, { data: { slug: "Bad Slug" } });
    expect((await postForm(admin, `/api/blog/${post.id}`, { slug: "Bad Slug" })).status).toBe(422);
    expect((await admin.get(url)).body.data).toEqual({ slug: "Bad Slug" });
  });
});

describe("refusals", () => {
  it("answers 404 for a missing item or an unknown subject", async () => {
    const post = await createPost();
    const project = (await postForm(admin, "/api/projects", { title: "A project" })).body;
    for (const url of [
      "/api/drafts/blog/999999",
      `/api/drafts/projects/${post.id}`,
      `/api/drafts/blog/${project.id}`,
      `/api/drafts/galleries/${post.id}`,
      `/api/drafts/users/1`,
      "/api/drafts/settings/1",
      "/api/drafts/blog/abc",
      "/api/drafts/constructor/1",
    ]) {
      const response = await admin.put(url, { data: { title: "x" } });
      expect(response.status, url).toBe(404);
      expect(response.body, url).toEqual({ message: "Not Found." });
    }
    expect((await admin.put("/api/drafts/settings/0", { data: { name: "x" } })).status).toBe(200);
  });

  it.each([
    ["no data", { version: 1 }, "data"],
    ["data not an object", { data: "text" }, "data"],
    ["data a list", { data: ["a"] }, "data"],
    ["a value not a string", { data: { title: 5 } }, "data.title"],
    ["a nested value", { data: { title: { a: "b" } } }, "data.title"],
    ["a control character", { data: { title: "a\u0000b" } }, "data.title"],
    ["a title over its limit", { data: { title: "x".repeat(501) } }, "data.title"],
    ["a review over its limit", { data: { review: "x".repeat(20_001) } }, "data.review"],
    ["a bad field name", { data: { "<script>": "x" } }, "data.field"],
    [
      "too many fields",
      { data: Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`f${i}`, "x"])) },
      "data",
    ],
    ["a version not a whole number", { version: "3", data: {} }, "version"],
    ["a negative version", { version: -1, data: {} }, "version"],
  ])("refuses %s with 422", async (_case, body, field) => {
    const post = await createPost();
    const response = await admin.put(`/api/drafts/blog/${post.id}`, body);
    expect(response.status).toBe(422);
    expect(Object.keys(response.body.errors)).toEqual([field]);
    expect((await admin.get(`/api/drafts/blog/${post.id}`)).status).toBe(404);
  });

  it("refuses a body that is not an object with 422 or 400, never 500", async () => {
    const post = await createPost();
    const url = `/api/drafts/blog/${post.id}`;
    expect((await admin.put(url, [1, 2])).status).toBe(422);
    expect((await admin.put(url, "text")).status).toBe(422);
    const bad = await admin.request("PUT", url, {
      body: "{not json",
      headers: { "content-type": "application/json" },
    });
    expect(bad.status).toBe(400);
  });

  it("takes an article as long as a save does", async () => {
    const post = await createPost();
    const article = `<p>${"word ".repeat(200_000)}</p>`;
    const response = await admin.put(`/api/drafts/blog/${post.id}`, { data: { article } });
    expect(response.status).toBe(200);
    expect((await admin.get(`/api/drafts/blog/${post.id}`)).body.data.article).toBe(article);
  });

  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])("refuses %s with %i", async (who, status, message) => {
    const post = await createPost();
    const url = `/api/drafts/blog/${post.id}`;
    await admin.put(url, { data: { title: "Mine" } });
    const client = await clientAs(api, who);
    for (const send of [
      () => client.get(url),
      () => client.put(url, { data: { title: "x" } }),
      () => client.delete(url),
    ]) {
      const response = await send();
      expect(response.status).toBe(status);
      expect(response.body).toEqual({ message });
    }
    expect((await admin.get(url)).body.data).toEqual({ title: "Mine" });
  });
});
