import sharp from "sharp";
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import type { EntryKind } from "../../server/db/schema.ts";
import { svgImage } from "../fixtures/images.ts";
import { createEntry, createEntryImage } from "../support/entries-factory.ts";
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

/** A shared API for calls on rows a test creates itself; tests that count or order take a fresh one. */
let api: TestApi;
let admin: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
});
afterAll(async () => {
  await api?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function freshApi(env: Record<string, string> = {}): Promise<TestApi> {
  const own = await startTestApi(env);
  onTestFinished(() => own.close());
  return own;
}

const KINDS: [segment: string, kind: EntryKind][] = [
  ["projects", "project"],
  ["blog", "blog"],
  ["opportunities", "opportunity"],
];
const ids = (body: { results: { id: number }[] }) => body.results.map((item) => item.id);
const FUTURE = "2999-01-01T00:00:00.000Z";

describe("guards", () => {
  /** Every admin call of one kind, on rows that exist, so only the guard can refuse it. */
  async function adminCalls(segment: string, kind: EntryKind) {
    const entry = await createEntry(api.database.db, kind);
    const image = await createEntryImage(api.database.db, entry);
    const owner = kind === "blog" ? "blog_id" : "project_id";
    const calls: [
      string,
      string,
      (client: HttpClient) => Promise<{ status: number; body: any }>,
    ][] = [
      ["POST", `/api/${segment}`, (c) => c.post(`/api/${segment}`, { title: "Guarded" })],
      [
        "POST",
        `/api/${segment}/{id}`,
        (c) => postForm(c, `/api/${segment}/${entry.id}`, { title: "Changed" }),
      ],
      ["DELETE", `/api/${segment}/{id}`, (c) => c.delete(`/api/${segment}/${entry.id}`)],
      [
        "POST",
        `/api/${segment}/{id}/publish`,
        (c) => c.post(`/api/${segment}/${entry.id}/publish`),
      ],
      [
        "POST",
        `/api/${segment}/{id}/unpublish`,
        (c) => c.post(`/api/${segment}/${entry.id}/unpublish`),
      ],
      [
        "POST",
        `/api/${segment}images`,
        async (c) =>
          postForm(c, `/api/${segment}images`, {
            [owner]: String(entry.id),
            file: ["a.png", await png()],
          }),
      ],
      [
        "POST",
        `/api/${segment}images/order`,
        (c) => c.post(`/api/${segment}images/order`, { id: entry.id, images: [{ id: image.id }] }),
      ],
      [
        "DELETE",
        `/api/${segment}images/{id}`,
        (c) => c.delete(`/api/${segment}images/${image.id}`),
      ],
      [
        "POST",
        `/api/${segment}images/{id}/rotate`,
        (c) => c.post(`/api/${segment}images/${image.id}/rotate`, { id: image.id }),
      ],
    ];
    if (kind !== "blog")
      calls.push([
        "POST",
        `/api/${segment}/order`,
        (c) => c.post(`/api/${segment}/order`, [{ id: entry.id }]),
      ]);
    return { entry, calls };
  }

  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses every admin call to %s with %i",
    async (who, status, message) => {
      const client = await clientAs(api, who);
      for (const [segment, kind] of KINDS) {
        const { entry, calls } = await adminCalls(segment, kind);
        for (const [method, path, call] of calls) {
          const response = await call(client);
          expect(response.status, `${method} ${path}`).toBe(status);
          expect(response.body, `${method} ${path}`).toEqual({ message });
        }
        // Nothing changed.
        const detail = await admin.get(`/api/${segment}/${entry.id}`);
        expect(detail.body.title).toBe(entry.title);
        expect(detail.body.images).toHaveLength(1);
      }
    },
  );

  it("treats a call from a foreign origin as anonymous (401), even with an admin's cookies", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const foreign = own.client({ origin: "https://elsewhere.example" });
    for (const cookie of await client.jar.getCookies(own.url))
      await foreign.setCookie(cookie.key, cookie.value);
    const response = await foreign.post("/api/projects", { title: "From elsewhere" });
    expect(response.status).toBe(401);
    expect((await own.client().get("/api/projects")).body.total).toBe(0);
  });

  it("answers 419 to an admin's write without the XSRF token", async () => {
    const response = await admin.post("/api/blog", { title: "No token" }, { xsrf: false });
    expect(response.status).toBe(419);
    expect(response.body).toEqual({ message: "CSRF token mismatch." });
  });

  it("answers 419 to a multipart save with a wrong XSRF token", async () => {
    const entry = await createEntry(api.database.db, "project");
    const response = await admin.request("POST", `/api/projects/${entry.id}`, {
      form: new FormData(),
      xsrf: false,
      headers: { "X-XSRF-TOKEN": "not-the-token" },
    });
    expect(response.status).toBe(419);
  });
});

describe("POST /api/{kind}", () => {
  it.each(KINDS)("creates a %s entry and answers 201 with its detail", async (segment) => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const before = Date.now();
    const response = await client.post(`/api/${segment}`, { title: "Clean Water" });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      title: "Clean Water",
      slug: "clean-water",
      url: `/${segment}/clean-water`,
      preview_text: "",
      image_url: null,
      created_at: expect.any(String),
      updated_at: response.body.created_at,
      article: "",
      article_html: "",
      images: [],
      status: "published",
    });
    expect(new Date(response.body.created_at).toISOString()).toBe(response.body.created_at);
    expect(Date.parse(response.body.created_at)).toBeGreaterThanOrEqual(before - 1000);

    const listed = await own.client().get(`/api/${segment}`);
    expect(ids(listed.body)).toEqual([response.body.id]);
  });

  it.each([
    ["Écoles d'été — 2025!", "ecoles-d-ete-2025"],
    ["  Straße & Smørrebrød  ", "strasse-smorrebrod"],
    ["Ça va? Oui.", "ca-va-oui"],
    ["日本語", "item"],
    ["!!!", "item"],
    ["a  --  b", "a-b"],
  ])("makes the slug of %j %j", async (title, slug) => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const response = await client.post("/api/blog", { title });
    expect(response.status).toBe(201);
    expect(response.body.slug).toBe(slug);
    expect(response.body.title).toBe(title.trim());
  });

  it("makes the slug unique within the kind: clean-water, clean-water-2, clean-water-3", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const slugs = [];
    for (let i = 0; i < 3; i++)
      slugs.push((await client.post("/api/projects", { title: "Clean water" })).body.slug);
    expect(slugs).toEqual(["clean-water", "clean-water-2", "clean-water-3"]);
    // Another kind has its own slugs.
    expect((await client.post("/api/blog", { title: "Clean water" })).body.slug).toBe(
      "clean-water",
    );
  });

  it("gives simultaneous creations of one title distinct slugs", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => client.post("/api/opportunities", { title: "Mentor" })),
    );
    expect(responses.map((response) => response.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(responses.map((response) => response.body.slug).sort()).toEqual(
      ["mentor", "mentor-2", "mentor-3", "mentor-4", "mentor-5", "mentor-6"].sort(),
    );
  });

  it.each([
    ["projects", "project"],
    ["opportunities", "opportunity"],
  ] as const)("puts a new %s entry at the end of the drag order", async (segment, kind) => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const first = await createEntry(own.database.db, kind, { position: 4 });
    const second = await createEntry(own.database.db, kind, { position: 7 });
    const created = await client.post(`/api/${segment}`, { title: "Newest" });
    const another = await client.post(`/api/${segment}`, { title: "Newer still" });
    const list = await own.client().get(`/api/${segment}`);
    expect(ids(list.body)).toEqual([first.id, second.id, created.body.id, another.body.id]);
  });

  it("takes the title from a multipart form too", async () => {
    const response = await postForm(admin, "/api/blog", { title: "From a form" });
    expect(response.status).toBe(201);
    expect(response.body.title).toBe("From a form");
  });

  it.each([
    ["no title", {}, "The title field is required."],
    ["an empty title", { title: "" }, "The title field is required."],
    ["a blank title", { title: "   " }, "The title field is required."],
    ["a null title", { title: null }, "The title field is required."],
    ["a number", { title: 42 }, "The title field must be a string."],
    [
      "256 characters",
      { title: "x".repeat(256) },
      "The title field must not be greater than 255 characters.",
    ],
  ])("answers 422 to %s", async (_case, body, message) => {
    const response = await admin.post("/api/projects", body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { title: [message] } });
  });

  it("accepts a title of 255 characters", async () => {
    const response = await admin.post("/api/projects", { title: "y".repeat(255) });
    expect(response.status).toBe(201);
    expect(response.body.slug).toBe("y".repeat(100));
  });

  it("answers a 4xx, never a 5xx, to bodies that are no form", async () => {
    for (const [body, headers] of [
      ["[1,2]", { "Content-Type": "application/json" }],
      ['"title"', { "Content-Type": "application/json" }],
      ["{broken", { "Content-Type": "application/json" }],
      ["title=x", { "Content-Type": "application/x-www-form-urlencoded" }],
      ["title", { "Content-Type": "text/plain" }],
      ["--x\r\n", { "Content-Type": "multipart/form-data; boundary=x" }],
      ["abc", { "Content-Type": "multipart/form-data" }],
    ] as const) {
      const sent = await fetchRaw("/api/blog", body, headers);
      expect(sent.status, body).toBeGreaterThanOrEqual(400);
      expect(sent.status, body).toBeLessThan(500);
      expect(sent.headers.get("content-type"), body).toMatch(/json/);
    }
  });

  it("refuses NUL characters with a 422, not a server error", async () => {
    const response = await admin.post("/api/blog", { title: "Nul\u0000 title" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The title field must not contain control characters.",
      errors: { title: ["The title field must not contain control characters."] },
    });
  });
});

/** A raw POST with the admin's cookies and token, for bodies the client helper would not build. */
async function fetchRaw(path: string, body: string, headers: Record<string, string>) {
  const token = decodeURIComponent((await admin.cookie("XSRF-TOKEN"))!);
  return fetch(`${api.url}${path}`, {
    method: "POST",
    headers: {
      Accept: "application/json",
      Origin: admin.origin!,
      Cookie: await admin.jar.getCookieString(api.url),
      "X-XSRF-TOKEN": token,
      ...headers,
    },
    body,
  });
}

describe("POST /api/{kind}/{id} (multipart save)", () => {
  it.each(KINDS)(
    "saves every field of a %s entry and answers its detail",
    async (segment, kind) => {
      const entry = await createEntry(api.database.db, kind, {
        title: "Old",
        updated_at: "2020-01-01T00:00:00.000Z",
      });
      const slug = `saved-${segment}-${entry.id}`;
      const response = await postForm(admin, `/api/${segment}/${entry.id}`, {
        title: "  New title ",
        slug,
        article: "<p>Hello <strong>world</strong></p>",
        preview_text: "A short preview",
        created_at: "2024-03-05T10:15:00+02:00",
        image: ["cover.jpg", await jpeg(400, 300)],
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({
        id: entry.id,
        title: "New title",
        slug,
        url: `/${segment}/${slug}`,
        preview_text: "A short preview",
        image_url: expect.stringMatching(/^\/storage\/uploads\/entries\/[0-9a-f]{32}\.webp$/),
        created_at: "2024-03-05T08:15:00.000Z",
        updated_at: expect.any(String),
        article: "<p>Hello <strong>world</strong></p>",
        article_html: "<p>Hello <strong>world</strong></p>",
        images: [],
        // An admin's read: its status (record 031) and the slug it had before still leads to it
        // (record 025).
        status: "published",
        date_chosen: true,
        old_slugs: [entry.slug],
        // Version 1 keeps the entry as it was before this first save (record 030).
        version: 2,
      });
      // The save's own time, whatever publish date it was given.
      expect(Date.parse(response.body.updated_at)).toBeGreaterThan(Date.parse(entry.updated_at));
      expect(await admin.get(`/api/${segment}/${slug}`)).toMatchObject({
        status: 200,
        body: response.body,
      });
    },
  );

  it("keeps every field the save leaves out", async () => {
    const entry = await createEntry(api.database.db, "project", {
      article: "<p>Kept</p>",
      article_html: "<p>Kept</p>",
      preview_text: "Kept preview",
      image: "uploads/entries/kept.webp",
      created_at: "2023-01-01T00:00:00.000Z",
    });
    const response = await postForm(admin, `/api/projects/${entry.id}`, { title: "Only title" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: "Only title",
      slug: entry.slug,
      article: "<p>Kept</p>",
      preview_text: "Kept preview",
      image_url: "/storage/uploads/entries/kept.webp",
      created_at: "2023-01-01T00:00:00.000Z",
    });
  });

  it("reads Laravel-style name[] fields as name", async () => {
    const entry = await createEntry(api.database.db, "blog");
    const response = await postForm(admin, `/api/blog/${entry.id}`, {
      "title[]": "Bracketed",
      "preview_text[]": "Bracketed preview",
      "image[]": ["cover.png", await png()],
    });
    expect(response.status).toBe(200);
    expect(response.body.title).toBe("Bracketed");
    expect(response.body.preview_text).toBe("Bracketed preview");
    expect(response.body.image_url).toMatch(/\.webp$/);
  });

  it("answers 422 to a text field longer than 2 MiB, read before the file after it", async () => {
    const entry = await createEntry(api.database.db, "blog");
    const response = await postForm(admin, `/api/blog/${entry.id}`, {
      article: "x".repeat(2 * 1024 * 1024 + 1),
      image: ["cover.png", await png()],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      article: ["The article field must not be greater than 2097152 characters."],
    });
  });

  it("answers 422 to a field sent twice", async () => {
    const entry = await createEntry(api.database.db, "blog");
    const form = new FormData();
    form.append("title[]", "One");
    form.append("title[]", "Two");
    const response = await admin.request("POST", `/api/blog/${entry.id}`, { form });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ title: ["The title field must be a string."] });
  });

  it("takes a JSON body as Laravel does", async () => {
    const entry = await createEntry(api.database.db, "opportunity");
    const response = await admin.post(`/api/opportunities/${entry.id}`, {
      title: "Via JSON",
      created_at: "2024-06-01",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      title: "Via JSON",
      created_at: "2024-06-01T00:00:00.000Z",
    });
  });

  it("treats an empty file input (no file chosen) as no new cover", async () => {
    const entry = await createEntry(api.database.db, "project", {
      image: "uploads/entries/kept.webp",
    });
    const response = await postForm(admin, `/api/projects/${entry.id}`, {
      title: "No new cover",
      image: ["", Buffer.alloc(0)],
    });
    expect(response.status).toBe(200);
    expect(response.body.image_url).toBe("/storage/uploads/entries/kept.webp");
  });

  it.each([
    ["an empty title", { title: "" }, "title", "The title field is required."],
    [
      "a title of 256 characters",
      { title: "t".repeat(256) },
      "title",
      "The title field must not be greater than 255 characters.",
    ],
    ["a slug with spaces", { slug: "clean water" }, "slug", "The slug field format is invalid."],
    ["an upper-case slug", { slug: "Clean-Water" }, "slug", "The slug field format is invalid."],
    ["a slug with a double hyphen", { slug: "a--b" }, "slug", "The slug field format is invalid."],
    ["a slug ending in a hyphen", { slug: "clean-" }, "slug", "The slug field format is invalid."],
    ["an accented slug", { slug: "été" }, "slug", "The slug field format is invalid."],
    [
      "a slug of 256 characters",
      { slug: "s".repeat(256) },
      "slug",
      "The slug field must not be greater than 255 characters.",
    ],
    [
      "a date in words",
      { created_at: "yesterday" },
      "created_at",
      "The created at field must be a valid date.",
    ],
    [
      "the 30th of February",
      { created_at: "2024-02-30" },
      "created_at",
      "The created at field must be a valid date.",
    ],
    [
      "month 13",
      { created_at: "2024-13-01T00:00:00Z" },
      "created_at",
      "The created at field must be a valid date.",
    ],
    [
      "a five-digit year",
      { created_at: "+10000-01-01T00:00:00Z" },
      "created_at",
      "The created at field must be a valid date.",
    ],
  ])("answers 422 to %s", async (_case, fields, field, message) => {
    const entry = await createEntry(api.database.db, "project");
    const response = await postForm(admin, `/api/projects/${entry.id}`, fields);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it("summarises several invalid fields in the form's order", async () => {
    const entry = await createEntry(api.database.db, "project");
    const response = await postForm(admin, `/api/projects/${entry.id}`, {
      created_at: "soon",
      slug: "Bad Slug",
      title: "",
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The title field is required. (and 2 more errors)",
      errors: {
        title: ["The title field is required."],
        slug: ["The slug field format is invalid."],
        created_at: ["The created at field must be a valid date."],
      },
    });
  });

  it.each([
    ["2024-02-29", "2024-02-29T00:00:00.000Z"],
    ["2024-07-01T12:30", "2024-07-01T12:30:00.000Z"],
    ["2024-07-01 12:30:45", "2024-07-01T12:30:45.000Z"],
    ["2024-07-01T12:30:45.123456Z", "2024-07-01T12:30:45.123Z"],
    ["2024-07-01T00:30:00-0130", "2024-07-01T02:00:00.000Z"],
    ["2025-01-01T01:00:00+02:00", "2024-12-31T23:00:00.000Z"],
  ])("stores created_at %j as %j", async (given, stored) => {
    const entry = await createEntry(api.database.db, "blog");
    const response = await postForm(admin, `/api/blog/${entry.id}`, { created_at: given });
    expect(response.status).toBe(200);
    expect(response.body.created_at).toBe(stored);
  });

  describe("slug", () => {
    it("answers 422 when another entry of the kind holds the slug", async () => {
      const holder = await createEntry(api.database.db, "project");
      const entry = await createEntry(api.database.db, "project");
      const response = await postForm(admin, `/api/projects/${entry.id}`, { slug: holder.slug });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({
        message: "The slug has already been taken.",
        errors: { slug: ["The slug has already been taken."] },
      });
    });

    it("accepts the entry's own slug and the slug of an entry of another kind", async () => {
      const post = await createEntry(api.database.db, "blog");
      const entry = await createEntry(api.database.db, "project");
      const own = await postForm(admin, `/api/projects/${entry.id}`, { slug: entry.slug });
      expect(own.status).toBe(200);
      const shared = await postForm(admin, `/api/projects/${entry.id}`, { slug: post.slug });
      expect(shared.status).toBe(200);
      expect(shared.body.url).toBe(`/projects/${post.slug}`);
    });

    it("makes the slug afresh from the title when it is sent empty", async () => {
      const own = await freshApi();
      const client = await clientAs(own, "admin");
      await createEntry(own.database.db, "blog", { slug: "fresh-start" });
      const entry = await createEntry(own.database.db, "blog", { slug: "old-slug" });
      const response = await postForm(client, `/api/blog/${entry.id}`, {
        title: "Fresh Start",
        slug: "",
      });
      expect(response.status).toBe(200);
      expect(response.body.slug).toBe("fresh-start-2");
    });

    it("keeps the cover it would have stored when the slug is refused", async () => {
      const own = await freshApi();
      const client = await clientAs(own, "admin");
      const holder = await createEntry(own.database.db, "project");
      const entry = await createEntry(own.database.db, "project");
      const response = await postForm(client, `/api/projects/${entry.id}`, {
        slug: holder.slug,
        image: ["cover.png", await png()],
      });
      expect(response.status).toBe(422);
      expect(await storedFiles(own)).toEqual([]);
    });
  });

  describe("cover image", () => {
    it("accepts a PNG named .jpg as the PNG it is", async () => {
      const entry = await createEntry(api.database.db, "project");
      const response = await postForm(admin, `/api/projects/${entry.id}`, {
        image: ["holiday.jpg", await png(120, 80)],
      });
      expect(response.status).toBe(200);
      const file = await api.client().get(response.body.image_url);
      expect(file.status).toBe(200);
      expect(file.headers.get("content-type")).toBe("image/webp");
    });

    it("replaces the cover and keeps the old cover's files while a revision names it", async () => {
      const own = await freshApi();
      const client = await clientAs(own, "admin");
      const entry = await createEntry(own.database.db, "blog");
      const first = await postForm(client, `/api/blog/${entry.id}`, {
        image: ["one.png", await png()],
      });
      expect(await storedFiles(own)).toEqual(filesOf(first.body.image_url).sort());
      const second = await postForm(client, `/api/blog/${entry.id}`, {
        image: ["two.jpg", await jpeg()],
      });
      expect(second.status).toBe(200);
      expect(second.body.image_url).not.toBe(first.body.image_url);
      // Version 2 of the history names the first cover (record 030).
      expect(await storedFiles(own)).toEqual(
        [...filesOf(first.body.image_url), ...filesOf(second.body.image_url)].sort(),
      );
    });

    it.each([
      ["an SVG", ["drawing.svg", svgImage] as [string, Buffer], "The image must be an image."],
      [
        "a text file",
        ["notes.jpg", Buffer.from("just some words")] as [string, Buffer],
        "The image must be an image.",
      ],
      [
        "a truncated JPEG",
        ["cut.jpg", Buffer.alloc(200, 0xff)] as [string, Buffer],
        "The image must be an image.",
      ],
    ])("answers 422 to %s", async (_case, file, message) => {
      const own = await freshApi();
      const client = await clientAs(own, "admin");
      const entry = await createEntry(own.database.db, "opportunity");
      const response = await postForm(client, `/api/opportunities/${entry.id}`, {
        title: "Not saved",
        image: file,
      });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ message, errors: { image: [message] } });
      expect((await client.get(`/api/opportunities/${entry.id}`)).body.title).toBe(entry.title);
      expect(await storedFiles(own)).toEqual([]);
    });

    it("answers 422 to a text value in the image field", async () => {
      const entry = await createEntry(api.database.db, "project");
      const response = await postForm(admin, `/api/projects/${entry.id}`, {
        image: "https://example.org/cover.jpg",
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ image: ["The image must be an image."] });
    });

    it("answers 422 to an image of more than 40 megapixels", async () => {
      const entry = await createEntry(api.database.db, "project");
      const huge = await sharp({
        create: { width: 8000, height: 5001, channels: 3, background: "#fff" },
      })
        .png({ compressionLevel: 9 })
        .toBuffer();
      const response = await postForm(admin, `/api/projects/${entry.id}`, {
        image: ["huge.png", huge],
      });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({
        image: ["The image must not be larger than 40 megapixels."],
      });
    });

    it("answers 413 to a file above IMAGE_MAX_BYTES (20 MiB by default)", async () => {
      const own = await freshApi();
      const client = await clientAs(own, "admin");
      const entry = await createEntry(own.database.db, "project");
      const response = await postForm(client, `/api/projects/${entry.id}`, {
        title: "Too big",
        image: ["big.jpg", Buffer.alloc(25 * 1024 * 1024, 7)],
      });
      expect(response.status).toBe(413);
      expect(response.body).toEqual({ message: "The image you have uploaded is too large" });
      expect((await client.get(`/api/projects/${entry.id}`)).body.title).toBe(entry.title);
      expect(await storedFiles(own)).toEqual([]);
    });

    it("follows IMAGE_MAX_BYTES", async () => {
      const own = await freshApi({ IMAGE_MAX_BYTES: "2000" });
      const client = await clientAs(own, "admin");
      const entry = await createEntry(own.database.db, "blog");
      const response = await postForm(client, `/api/blog/${entry.id}`, {
        image: ["big.png", Buffer.alloc(2001, 1)],
      });
      expect(response.status).toBe(413);
    });
  });

  it.each([
    ["an unknown id", "/api/projects/987654"],
    ["an id past 32 bits", "/api/projects/99999999999"],
    ["a slug instead of an id", "/api/projects/clean-water"],
    ["the order of the blog (which has none)", "/api/blog/order"],
  ])("answers 404 to %s", async (_case, path) => {
    const response = await postForm(admin, path, { title: "Nobody" });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not Found." });
  });

  it("answers 404 to an entry of another kind", async () => {
    const post = await createEntry(api.database.db, "blog");
    const response = await postForm(admin, `/api/projects/${post.id}`, { title: "Wrong kind" });
    expect(response.status).toBe(404);
  });
});

describe("DELETE /api/{kind}/{id}", () => {
  it("moves the entry with its pictures' rows to the trash; the files go with the purge", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const created = await client.post("/api/projects", { title: "Doomed" });
    const id = created.body.id;
    await postForm(client, `/api/projects/${id}`, { image: ["cover.png", await png()] });
    for (let i = 0; i < 2; i++)
      await postForm(client, "/api/projectsimages", {
        project_id: String(id),
        file: ["p.jpg", await jpeg()],
      });
    const keep = await client.post("/api/projects", { title: "Kept" });
    await postForm(client, `/api/projects/${keep.body.id}`, { image: ["kept.png", await png()] });
    const kept = (await client.get(`/api/projects/${keep.body.id}`)).body.image_url;
    expect(await storedFiles(own)).toHaveLength(16);

    const response = await client.delete(`/api/projects/${id}`);
    expect(response.status).toBe(204);
    expect(response.text).toBe("");
    expect((await client.get(`/api/projects/${id}`)).status).toBe(404);
    const rows = await own.database.db.selectFrom("entry_images").select("id").execute();
    expect(rows).toEqual([]);
    expect(await storedFiles(own)).toHaveLength(16);
    const trashId = response.headers.get("X-Trash-Id");
    expect((await client.delete(`/api/trash/${trashId}`)).status).toBe(204);
    expect(await storedFiles(own)).toEqual(filesOf(kept).sort());
  });

  it("answers 404 to an unknown entry and to an entry of another kind", async () => {
    const post = await createEntry(api.database.db, "blog");
    for (const path of ["/api/blog/987654", `/api/opportunities/${post.id}`, "/api/blog/x"]) {
      const response = await admin.delete(path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).toEqual({ message: "Not Found." });
    }
    expect((await admin.get(`/api/blog/${post.id}`)).status).toBe(200);
  });
});

describe("POST /api/{projects,opportunities}/order", () => {
  it.each([
    ["projects", "project"],
    ["opportunities", "opportunity"],
  ] as const)("saves the new order of %s and answers the first page", async (segment, kind) => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const [a, b, c] = [
      await createEntry(own.database.db, kind, { position: 0 }),
      await createEntry(own.database.db, kind, { position: 1 }),
      await createEntry(own.database.db, kind, { position: 2 }),
    ];
    const response = await client.post(`/api/${segment}/order`, [
      { id: c!.id },
      { id: a!.id },
      { id: b!.id },
    ]);
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(3);
    expect(ids(response.body)).toEqual([c!.id, a!.id, b!.id]);
    expect(response.body.results[0]).toMatchObject({ id: c!.id, url: `/${segment}/${c!.slug}` });
    expect(ids((await own.client().get(`/api/${segment}`)).body)).toEqual([c!.id, a!.id, b!.id]);

    const again = await client.post(`/api/${segment}/order`, {
      items: [{ id: b!.id }, { id: c!.id }, { id: a!.id }],
    });
    expect(ids(again.body)).toEqual([b!.id, c!.id, a!.id]);
    expect(ids((await own.client().get(`/api/${segment}`)).body)).toEqual([b!.id, c!.id, a!.id]);
  });

  it("reorders one page of a longer list within the places that page held", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const all = [];
    for (let position = 0; position < 5; position++)
      all.push((await createEntry(own.database.db, "project", { position: 0 })).id);
    // The second page of two: the 3rd and 4th entries, swapped.
    await client.post("/api/projects/order", [{ id: all[3] }, { id: all[2] }]);
    const list = await own.client().get("/api/projects");
    expect(ids(list.body)).toEqual([all[0], all[1], all[3], all[2], all[4]]);
  });

  it("answers the first page only, 24 entries", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const all = [];
    for (let position = 0; position < 26; position++)
      all.push((await createEntry(own.database.db, "opportunity", { position })).id);
    const response = await client.post(
      "/api/opportunities/order",
      all.reverse().map((id) => ({ id })),
    );
    expect(response.body.total).toBe(26);
    expect(ids(response.body)).toEqual(all.slice(0, 24));
  });

  it.each([
    ["an empty list", [], "The items field is required."],
    ["no list", {}, "The items field is required."],
    ["a list that is no list", { items: "1,2" }, "The items field must be an array."],
    ["an element without id", [{ id: 1 }, { name: "x" }], "The items.1.id field is required."],
    ["an id that is no number", [{ id: "one" }], "The items.0.id field must be an integer."],
    ["a bare number", [1], "The items.0.id field is required."],
    ["a repeated id", "repeat", "The items.1.id field has a duplicate value."],
    ["an unknown id", "unknown", "The selected items.1.id is invalid."],
    ["an id of another kind", "other-kind", "The selected items.1.id is invalid."],
    ["an id past 32 bits", "huge", "The selected items.1.id is invalid."],
  ])("answers 422 under items to %s", async (_case, body, message) => {
    const project = await createEntry(api.database.db, "project");
    const post = await createEntry(api.database.db, "blog");
    const second = {
      repeat: project.id,
      unknown: 987654,
      "other-kind": post.id,
      huge: 99999999999,
    }[body as string];
    const sent = typeof body === "string" ? [{ id: project.id }, { id: second }] : body;
    const response = await admin.post("/api/projects/order", sent);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { items: [message] } });
  });

  it("has no order call for the blog", async () => {
    const response = await admin.post("/api/blog/order", []);
    expect(response.status).toBe(404);
  });
});

describe("scheduled entries", () => {
  it("leaves a future entry out of the public list, its total and its detail", async () => {
    const own = await freshApi();
    const published = await createEntry(own.database.db, "blog", {
      created_at: "2024-01-01T00:00:00.000Z",
    });
    const scheduled = await createEntry(own.database.db, "blog", { created_at: FUTURE });
    for (const who of ["anonymous", "member"] as const) {
      const client = await clientAs(own, who);
      const list = await client.get("/api/blog");
      expect(list.body, who).toEqual({ results: [expect.any(Object)], total: 1 });
      expect(ids(list.body), who).toEqual([published.id]);
      for (const key of [scheduled.slug, String(scheduled.id)]) {
        const detail = await client.get(`/api/blog/${key}`);
        expect(detail.status, `${who} ${key}`).toBe(404);
        expect(detail.body).toEqual({ message: "Not Found." });
      }
    }
    const visitor = own.client({ origin: null });
    expect((await visitor.get("/api/blog")).body.total).toBe(1);
  });

  it("shows it to a signed-in admin, in the list and in the detail", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const published = await createEntry(own.database.db, "blog", {
      created_at: "2024-01-01T00:00:00.000Z",
    });
    const scheduled = await createEntry(own.database.db, "blog", { created_at: FUTURE });
    const list = await client.get("/api/blog");
    expect(list.body.total).toBe(2);
    expect(ids(list.body)).toEqual([scheduled.id, published.id]);
    const detail = await client.get(`/api/blog/${scheduled.slug}`);
    expect(detail.status).toBe(200);
    expect(detail.body.created_at).toBe(FUTURE);
  });

  it("pages the public list over published entries only", async () => {
    const own = await freshApi();
    const db = own.database.db;
    const entries = [];
    // Drag order: published, scheduled, published, scheduled, published, published.
    for (const [position, future] of [false, true, false, true, false, false].entries())
      entries.push(
        await createEntry(db, "project", {
          position,
          created_at: future ? FUTURE : "2024-01-01T00:00:00.000Z",
        }),
      );
    const published = entries.filter((entry) => entry.created_at !== FUTURE).map((e) => e.id);
    const visitor = own.client({ origin: null });
    const pages = await Promise.all(
      [0, 1, 2].map((page) => visitor.get(`/api/projects?page=${page}&limit=2`)),
    );
    expect(pages.map((page) => ids(page.body))).toEqual([
      published.slice(0, 2),
      published.slice(2, 4),
      [],
    ]);
    expect(pages.map((page) => page.body.total)).toEqual([4, 4, 4]);

    const client = await clientAs(own, "admin");
    const adminPages = await Promise.all(
      [0, 1, 2, 3].map((page) => client.get(`/api/projects?page=${page}&limit=2`)),
    );
    expect(adminPages.map((page) => ids(page.body))).toEqual([
      entries.slice(0, 2).map((e) => e.id),
      entries.slice(2, 4).map((e) => e.id),
      entries.slice(4, 6).map((e) => e.id),
      [],
    ]);
    expect(adminPages[0]!.body.total).toBe(6);
  });

  it("shows a scheduled entry to the public from its time on, decided when asked", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const created = await client.post("/api/blog", { title: "Tomorrow's news" });
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const saved = await postForm(client, `/api/blog/${created.body.id}`, { created_at: at });
    expect(saved.body.created_at).toBe(at);
    const visitor = own.client({ origin: null });
    expect((await visitor.get("/api/blog/tomorrow-s-news")).status).toBe(404);
    expect((await visitor.get("/api/blog")).body.total).toBe(0);

    // The API runs in this process: move its clock past the entry's time.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(Date.parse(at) + 1000));
    expect((await visitor.get("/api/blog/tomorrow-s-news")).status).toBe(200);
    expect((await visitor.get("/api/blog")).body.total).toBe(1);
  });
});
