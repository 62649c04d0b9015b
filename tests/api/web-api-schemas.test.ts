// The web tier's reading of the API's answers (app/lib/api-types.ts, api-fields.ts): what a
// Laravel backend may send, with only the spec's fields, more of them, ids as strings and its
// own date forms (record 039).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { normaliseApiDate, parseApiBody } from "../../app/lib/api-fields.ts";
import {
  CurrentUserSchema,
  EntryDetailSchema,
  entryAddresses,
  EntryListItemSchema,
  GallerySchema,
  pagedSchema,
  TestimonialSchema,
  WidgetSchema,
} from "../../app/lib/api-types.ts";
import { ApiClient } from "../../app/lib/api.server.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("dates in every form Laravel sends", () => {
  it.each([
    ["2026-11-25T13:00:00.000000Z", "2026-11-25T13:00:00.000Z"],
    ["2026-11-25T13:00:00.123456Z", "2026-11-25T13:00:00.123Z"],
    ["2026-11-25 13:00:00", "2026-11-25T13:00:00.000Z"],
    ["2026-11-25T13:00:00+01:00", "2026-11-25T12:00:00.000Z"],
    ["2026-11-25T13:00:00-0530", "2026-11-25T18:30:00.000Z"],
    ["2026-11-25T13:00:00.000Z", "2026-11-25T13:00:00.000Z"],
    ["2026-11-25", "2026-11-25T00:00:00.000Z"],
    [1_795_611_600, "2026-11-25T13:00:00.000Z"],
  ])("reads %s as %s", (sent, expected) => {
    expect(normaliseApiDate(sent)).toBe(expected);
  });

  it.each(["yesterday", "2026-13-45 99:00:00", "", null, undefined, {}])(
    "reads %s as no date",
    (sent) => {
      expect(normaliseApiDate(sent)).toBeNull();
    },
  );
});

describe("a list item with only the spec's fields (spec §3)", () => {
  const minimal = {
    url: "/projects/clean-water",
    image_url: "/storage/well.jpg",
    title: "Clean water",
    preview_text: "Wells for three villages.",
  };

  it("parses, with the fields it lacks as null", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const parsed = parseApiBody(
      pagedSchema(EntryListItemSchema),
      {
        results: [minimal],
        total: "1",
      },
      "GET /api/projects",
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data).toEqual({
      results: [
        {
          ...minimal,
          id: null,
          slug: null,
          created_at: null,
          updated_at: null,
          status: undefined,
        },
      ],
      total: 1,
    });
  });

  it("logs the call and every missing field in one line, whatever the number of items", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    parseApiBody(
      pagedSchema(EntryListItemSchema),
      {
        results: [minimal, { ...minimal, title: "Schools" }, { ...minimal, title: "Food" }],
        total: 3,
      },
      "GET /api/projects?page=0",
    );
    expect(warn).toHaveBeenCalledTimes(1);
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toContain("GET /api/projects?page=0");
    for (const field of ["id", "slug", "created_at"]) expect(line).toContain(field);
    expect(line).not.toContain("preview_text");
  });

  it("logs nothing for an item with every field, even null ones", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const parsed = parseApiBody(
      EntryListItemSchema,
      { ...minimal, id: 4, slug: "clean-water", created_at: null, image_url: null },
      "GET /api/projects",
    );
    expect(parsed.success).toBe(true);
    expect(warn).not.toHaveBeenCalled();
  });

  it("ignores fields it does not know, and reads ids and counts sent as strings", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const parsed = parseApiBody(
      pagedSchema(EntryListItemSchema),
      {
        results: [
          {
            ...minimal,
            id: "17",
            slug: "clean-water",
            created_at: "2026-11-25 13:00:00",
            updated_at: "2026-11-26T08:15:00.000000Z",
            deleted_at: null,
            user_id: "3",
            user: { id: 3, name: "Ada" },
            pivot: { order: 2 },
          },
        ],
        total: 1,
        current_page: 1,
        links: [],
      },
      "GET /api/projects",
    );
    expect(parsed.data?.results[0]).toEqual({
      ...minimal,
      id: 17,
      slug: "clean-water",
      created_at: "2026-11-25T13:00:00.000Z",
      updated_at: "2026-11-26T08:15:00.000Z",
      status: undefined,
    });
  });

  it("leads to its url, else to its slug, and leaves out an item with neither", () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const items = [
      { title: "A", url: "/projects/a", slug: null },
      { title: "B", url: null, slug: "b c" },
      { title: "C", url: null, slug: null },
    ];
    expect(entryAddresses("projects", items).map((item) => item.url)).toEqual([
      "/projects/a",
      "/projects/b%20c",
    ]);
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("refuses an item without a title: there would be nothing to show", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { title: _title, ...untitled } = minimal;
    expect(parseApiBody(EntryListItemSchema, untitled, "GET /api/projects").success).toBe(false);
  });
});

describe("the other answers with only the spec's fields", () => {
  it("reads an entry as spec §7 names it, its images without ids keyed apart", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const parsed = parseApiBody(
      EntryDetailSchema,
      {
        title: "Clean water",
        preview_text: "Wells.",
        image_url: "/storage/well.jpg",
        url: "/projects/clean-water",
        article_html: "<p>Wells.</p>",
        id: "9",
        images: [
          { image_url: "/storage/a.jpg", alt: "A well" },
          { image_url: "/storage/b.jpg", alt: "" },
        ],
      },
      "GET /api/projects/clean-water",
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data?.id).toBe(9);
    expect(parsed.data?.images.map((image) => [image.id, image.alt])).toEqual([
      [-1, "A well"],
      [-2, ""],
    ]);
  });

  it("reads a blog post's created_at in Laravel's form", () => {
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const parsed = EntryDetailSchema.parse({
      id: 1,
      title: "News",
      created_at: "2026-11-25T13:00:00.000000Z",
    });
    expect(parsed.created_at).toBe("2026-11-25T13:00:00.000Z");
    expect(parsed.images).toEqual([]);
  });

  it("reads a widget, a gallery, a testimonial and the current user with string ids", () => {
    expect(
      WidgetSchema.parse({ id: "2", type: "TEXT", html: "<p>Hi</p>", image_url: null, alt: null }),
    ).toMatchObject({ id: 2, name: "", html: "<p>Hi</p>" });
    expect(
      GallerySchema.parse({
        id: "5",
        name: "Harvest",
        image_url: null,
        images: [{ id: "8", image_url: "/storage/h.jpg", alt: "Field", link: "" }],
        created_at: "2026-11-25 13:00:00",
      }),
    ).toMatchObject({ id: 5, images: [{ id: 8, alt: "Field" }] });
    expect(
      TestimonialSchema.parse({ id: "3", name: "Ama", score: "5", review: "<p>Good</p>" }),
    ).toMatchObject({ id: 3, score: 5 });
    expect(
      CurrentUserSchema.parse({
        data: {
          id: "1",
          firstname: "Ada",
          lastname: "Lovelace",
          email: "ada@example.org",
          role: "admin",
          two_factor: false,
        },
      }).data,
    ).toMatchObject({ id: 1, role: "admin", two_factor: false, email_verified_at: null });
  });
});

describe("through the API client", () => {
  let server: Server;
  let apiUrl: string;

  beforeAll(async () => {
    server = createServer((request, response) => {
      response.setHeader("Content-Type", "application/json");
      response.end(
        JSON.stringify({
          results: [
            { url: "/blog/a", image_url: null, title: "A", preview_text: "a" },
            { url: "/blog/b", image_url: null, title: "B", preview_text: "b" },
          ],
          total: "2",
        }),
      );
      void request;
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    apiUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it("parses a spec-minimal page and logs its missing fields once for the call", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const client = new ApiClient({
      apiUrl,
      appUrl: "http://127.0.0.1:3000",
      cookieHeader: null,
      clientAddress: undefined,
      pageLocation: "/blog",
    });
    const result = await client.get("/api/blog", {
      query: { page: 0 },
      schema: pagedSchema(EntryListItemSchema),
    });
    expect(result.ok && result.body.results.map((item) => item.title)).toEqual(["A", "B"]);
    expect(result.ok && result.body.total).toBe(2);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/GET \/api\/blog.*id, slug, created_at/);
  });
});
