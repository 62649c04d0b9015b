import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { makeImage, svgImage } from "../fixtures/images.ts";
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

async function freshApi(env: Record<string, string> = {}): Promise<TestApi> {
  const own = await startTestApi(env);
  onTestFinished(() => own.close());
  return own;
}

let counter = 0;
const uniqueName = (prefix = "Widget") => `${prefix}${++counter}_${Date.now().toString(36)}`;

/** What only an admin's read carries (records 030, 035): absent from the public read. */
const ADMIN_ONLY = {
  version: undefined,
  location: undefined,
  renamable: undefined,
  deletable: undefined,
};
/** What an admin's read of a widget no page shows adds. */
const NO_PAGE = { location: null, renamable: true, deletable: true };

async function createWidget(client: HttpClient, body: Record<string, unknown> = {}) {
  const response = await client.post("/api/widgets", { name: uniqueName(), ...body });
  expect(response.status).toBe(201);
  return response.body as {
    id: number;
    name: string;
    type: string;
    html: string;
    image_url: string | null;
    alt: string;
  };
}

describe("guards", () => {
  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses every admin widget call to %s with %i",
    async (who, status, message) => {
      const widget = await createWidget(admin, { name: uniqueName("Guarded") });
      const client = await clientAs(api, who);
      const calls: [string, () => Promise<{ status: number; body: unknown }>][] = [
        ["GET /api/widgets", () => client.get("/api/widgets")],
        ["POST /api/widgets", () => client.post("/api/widgets", { name: uniqueName() })],
        ["GET /api/widgets/{id}", () => client.get(`/api/widgets/${widget.id}`)],
        [
          "POST /api/widgets/{id}",
          () => postForm(client, `/api/widgets/${widget.id}`, { html: "<p>Changed</p>" }),
        ],
      ];
      for (const [call, send] of calls) {
        const response = await send();
        expect(response.status, call).toBe(status);
        expect(response.body, call).toEqual({ message });
      }
      expect((await admin.get(`/api/widgets/${widget.id}`)).body).toEqual(widget);
    },
  );

  it("still answers a widget by name to anyone", async () => {
    const widget = await createWidget(admin);
    const response = await api.client({ origin: null }).get(`/api/widgets/${widget.name}`);
    expect(response.status).toBe(200);
    // Only an admin's read carries the version and the place (records 030, 035).
    expect(response.body).toEqual({ ...widget, ...ADMIN_ONLY });
  });
});

describe("GET /api/widgets", () => {
  it("answers every widget, by name, as {results, total}", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    for (const name of ["Terms", "AboutText1", "HomeText", "about_text"])
      await client.post("/api/widgets", { name });
    const response = await client.get("/api/widgets");
    expect(response.status).toBe(200);
    expect(response.body.total).toBe(4);
    expect(response.body.results.map((widget: { name: string }) => widget.name)).toEqual([
      "AboutText1",
      "HomeText",
      "Terms",
      "about_text",
    ]);
    expect(response.body.results[0]).toEqual({
      id: expect.any(Number),
      name: "AboutText1",
      type: "TEXT",
      html: "",
      image_url: null,
      alt: "",
      location: { page: "About page", path: "/about", place: "first block" },
      renamable: false,
      deletable: false,
    });
  });

  it("answers an empty list on a site without widgets", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    expect((await client.get("/api/widgets")).body).toEqual({ results: [], total: 0 });
  });
});

describe("POST /api/widgets", () => {
  it("creates a TEXT widget unless told otherwise, and answers 201 with it", async () => {
    const name = uniqueName("DonateText");
    const response = await admin.post("/api/widgets", { name });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name,
      type: "TEXT",
      html: "",
      image_url: null,
      alt: "",
      version: 0,
      ...NO_PAGE,
    });
    expect((await api.client().get(`/api/widgets/${name}`)).body).toEqual({
      ...response.body,
      ...ADMIN_ONLY,
    });
  });

  it("creates an IMAGE widget, from a multipart form too", async () => {
    const name = uniqueName("Founder1Image");
    const response = await postForm(admin, "/api/widgets", { name, type: "IMAGE" });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ name, type: "IMAGE" });
  });

  it("answers 422 to a name another widget has", async () => {
    const { name } = await createWidget(admin);
    const response = await admin.post("/api/widgets", { name, type: "IMAGE" });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The name has already been taken.",
      errors: { name: ["The name has already been taken."] },
    });
  });

  it("gives one of simultaneous creations of a name the widget, the others 422", async () => {
    const name = uniqueName("Raced");
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => admin.post("/api/widgets", { name })),
    );
    expect(responses.map((response) => response.status).sort()).toEqual([201, 422, 422, 422, 422]);
  });

  it.each([
    ["no name", {}, "name", "The name field is required."],
    ["a blank name", { name: "  " }, "name", "The name field is required."],
    ["a name with a space", { name: "Home Text" }, "name", "The name field format is invalid."],
    ["a name with a slash", { name: "a/b" }, "name", "The name field format is invalid."],
    ["a name of digits only", { name: "123" }, "name", "The name field format is invalid."],
    [
      "a name of 101 characters",
      { name: "w".repeat(101) },
      "name",
      "The name field must not be greater than 100 characters.",
    ],
    ["a number as name", { name: 7 }, "name", "The name field must be a string."],
    ["an unknown type", { name: "Fine", type: "VIDEO" }, "type", "The selected type is invalid."],
    ["a lower-case type", { name: "Fine", type: "text" }, "type", "The selected type is invalid."],
  ])("answers 422 to %s", async (_case, body, field, message) => {
    const response = await admin.post("/api/widgets", body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
  });

  it("takes names with digits, underscores and hyphens", async () => {
    for (const name of [uniqueName("Header-Image_2"), `${uniqueName()}-1`]) {
      expect((await admin.post("/api/widgets", { name })).status).toBe(201);
    }
  });
});

describe("GET /api/widgets/{id}", () => {
  it("answers the widget to an admin, 404 for an unknown id", async () => {
    const widget = await createWidget(admin);
    expect(await admin.get(`/api/widgets/${widget.id}`)).toMatchObject({
      status: 200,
      body: widget,
    });
    for (const id of ["999999", "99999999999"]) {
      const response = await admin.get(`/api/widgets/${id}`);
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
  });
});

describe("POST /api/widgets/{id} (multipart save)", () => {
  it("saves a TEXT widget's name and sanitized HTML", async () => {
    const widget = await createWidget(admin);
    const name = uniqueName("Renamed");
    const response = await postForm(admin, `/api/widgets/${widget.id}`, {
      name,
      type: "TEXT",
      html: '<h2 onclick="x()">Welcome</h2><p>Read <a href="javascript:alert(1)">this</a> and <a href="/donate" target="_blank">give</a>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      alt: "",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      id: widget.id,
      name,
      type: "TEXT",
      html: '<h2>Welcome</h2><p>Read <a>this</a> and <a href="/donate" target="_blank" rel="noopener noreferrer">give</a>.</p>',
      image_url: null,
      alt: "",
      version: 2,
      ...NO_PAGE,
    });
    expect((await api.client().get(`/api/widgets/${name}`)).body).toEqual({
      ...response.body,
      ...ADMIN_ONLY,
    });
    expect((await api.client().get(`/api/widgets/${widget.name}`)).status).toBe(404);
  });

  it("keeps every field the save leaves out", async () => {
    const widget = await createWidget(admin);
    await postForm(admin, `/api/widgets/${widget.id}`, { html: "<p>Kept</p>", alt: "Kept alt" });
    const response = await postForm(admin, `/api/widgets/${widget.id}`, { type: "IMAGE" });
    expect(response.body).toEqual({
      ...widget,
      type: "IMAGE",
      html: "<p>Kept</p>",
      alt: "Kept alt",
      version: 3,
    });
  });

  it("takes a JSON body and null as empty", async () => {
    const widget = await createWidget(admin);
    await admin.post(`/api/widgets/${widget.id}`, { html: "<p>x</p>", alt: "y" });
    const response = await admin.post(`/api/widgets/${widget.id}`, { html: null, alt: null });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ html: "", alt: "" });
  });

  it("stores an IMAGE widget's picture under `file` with its alt, in the media pipeline", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const widget = await createWidget(client, { type: "IMAGE" });
    const response = await postForm(client, `/api/widgets/${widget.id}`, {
      name: widget.name,
      type: "IMAGE",
      alt: "  Our founder at the well ",
      file: ["founder.jpg", await jpeg(2000, 1000)],
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...widget,
      alt: "Our founder at the well",
      image_url: expect.stringMatching(/^\/storage\/uploads\/widgets\/[0-9a-f]{32}\.webp$/),
      version: 2,
    });
    expect(await storedFiles(own)).toEqual(filesOf(response.body.image_url).sort());
    const served = await own.client().get(response.body.image_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });

  it("takes the picture under `image` too", async () => {
    const widget = await createWidget(admin, { type: "IMAGE" });
    const response = await postForm(admin, `/api/widgets/${widget.id}`, {
      image: ["photo.png", await png()],
    });
    expect(response.status).toBe(200);
    expect(response.body.image_url).toMatch(/^\/storage\/uploads\/widgets\/.+\.webp$/);
  });

  it("keeps the old picture's files while a revision names it", async () => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const widget = await createWidget(client, { type: "IMAGE" });
    const first = await postForm(client, `/api/widgets/${widget.id}`, {
      file: ["a.png", await png()],
    });
    const second = await postForm(client, `/api/widgets/${widget.id}`, {
      file: ["b.png", await makeImage("webp", 80, 40)],
    });
    expect(second.status).toBe(200);
    expect(second.body.image_url).not.toBe(first.body.image_url);
    // Version 2 of the history names the first picture (record 030).
    expect(await storedFiles(own)).toEqual(
      [...filesOf(first.body.image_url), ...filesOf(second.body.image_url)].sort(),
    );
    expect((await own.client().get(first.body.image_url)).status).toBe(200);
  });

  it("keeps the picture when a save sends an empty file input", async () => {
    const widget = await createWidget(admin, { type: "IMAGE" });
    const saved = await postForm(admin, `/api/widgets/${widget.id}`, {
      file: ["a.png", await png()],
    });
    const response = await postForm(admin, `/api/widgets/${widget.id}`, {
      alt: "New alt",
      file: ["", Buffer.alloc(0)],
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ alt: "New alt", image_url: saved.body.image_url });
  });

  it.each([
    ["an SVG", "file", () => svgImage, "The file must be an image."],
    ["a text file", "file", () => Buffer.from("not a picture"), "The file must be an image."],
    ["an SVG under image", "image", () => svgImage, "The image must be an image."],
  ])("answers 422 to %s and keeps the widget as it was", async (_case, field, bytes, message) => {
    const own = await freshApi();
    const client = await clientAs(own, "admin");
    const widget = await createWidget(client, { type: "IMAGE" });
    const response = await postForm(client, `/api/widgets/${widget.id}`, {
      alt: "Not saved",
      [field]: ["upload.bin", bytes()],
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { [field]: [message] } });
    expect((await client.get(`/api/widgets/${widget.id}`)).body).toEqual(widget);
    expect(await storedFiles(own)).toEqual([]);
  });

  it("answers 413 to a picture above IMAGE_MAX_BYTES", async () => {
    const own = await freshApi({ IMAGE_MAX_BYTES: "1000" });
    const client = await clientAs(own, "admin");
    const widget = await createWidget(client, { type: "IMAGE" });
    const response = await postForm(client, `/api/widgets/${widget.id}`, {
      file: ["big.png", Buffer.alloc(2000, 1)],
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: "The image you have uploaded is too large" });
  });

  it("answers 422 to a name another widget has", async () => {
    const taken = await createWidget(admin);
    const widget = await createWidget(admin);
    const response = await postForm(admin, `/api/widgets/${widget.id}`, { name: taken.name });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ["The name has already been taken."] });
  });

  it("accepts the widget's own name unchanged", async () => {
    const widget = await createWidget(admin);
    const response = await postForm(admin, `/api/widgets/${widget.id}`, { name: widget.name });
    expect(response.status).toBe(200);
  });

  it.each([
    ["an empty name", { name: "" }, { name: ["The name field is required."] }],
    ["a bad name", { name: "no spaces" }, { name: ["The name field format is invalid."] }],
    ["an unknown type", { type: "HTML" }, { type: ["The selected type is invalid."] }],
    [
      "an alt of 256 characters",
      { alt: "a".repeat(256) },
      { alt: ["The alt field must not be greater than 255 characters."] },
    ],
  ])("answers 422 to %s", async (_case, fields, errors) => {
    const widget = await createWidget(admin);
    const response = await postForm(admin, `/api/widgets/${widget.id}`, fields);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });

  it("answers 404 to an unknown or malformed id", async () => {
    for (const id of ["999999", "abc", "0"]) {
      const response = await postForm(admin, `/api/widgets/${id}`, { alt: "x" });
      expect(response.status, id).toBe(404);
      expect(response.body).toEqual({ message: "Not Found." });
    }
  });
});
