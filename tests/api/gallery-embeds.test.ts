import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createEntry } from "../support/entries-factory.ts";
import { clientAs, png, postForm } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let api: TestApi;
let admin: HttpClient;
let visitor: HttpClient;

beforeAll(async () => {
  api = await startTestApi();
  admin = await clientAs(api, "admin");
  visitor = await clientAs(api, "anonymous");
});
afterAll(async () => {
  await api?.close();
});

type Photo = { id: number; image_url: string; alt: string; link: string };

/** A gallery with a photo for each of `alts` (uploaded in that order), each alt text saved. */
async function galleryWith(name: string, alts: string[]) {
  const created = await admin.post("/api/galleries", { name });
  expect(created.status).toBe(201);
  const photos: Photo[] = [];
  for (const alt of alts) {
    const uploaded = await postForm(admin, "/api/galleriesimages", {
      gallery_id: String(created.body.id),
      file: ["photo.png", await png()],
    });
    expect(uploaded.status).toBe(201);
    const saved = await admin.post(`/api/galleriesimages/${uploaded.body.id}`, { alt });
    photos.push(saved.body);
  }
  return { id: created.body.id as number, photos };
}

/** A blog post whose article is `article`, saved as an admin saves it. */
async function postWithArticle(article: string) {
  const entry = await createEntry(api.database.db, "blog");
  const saved = await postForm(admin, `/api/blog/${entry.id}`, { article });
  expect(saved.status).toBe(200);
  return entry;
}

async function publicArticle(slug: string): Promise<string> {
  const response = await visitor.get(`/api/blog/${slug}`);
  expect(response.status).toBe(200);
  return response.body.article_html;
}

const variant = (url: string, width: number) => url.replace(/\.webp$/, `-${width}.webp`);

/** One photo of a grid, as the brief spells it. */
function tile(
  photo: Photo,
  alt = photo.alt,
  caption = alt ? `<figcaption>${alt}</figcaption>` : "",
) {
  const srcset = [480, 960, 1600].map((w) => `${variant(photo.image_url, w)} ${w}w`).join(", ");
  return (
    `<li><figure><a class="gallery-photo" href="${photo.image_url}">` +
    `<img src="${photo.image_url}" srcset="${srcset}"` +
    ` sizes="(min-width: 80rem) 26rem, (min-width: 640px) 33vw, 50vw"` +
    ` alt="${alt}" loading="lazy" decoding="async"></a>${caption}</figure></li>`
  );
}

function grid(gallery: { id: number }, name: string, tiles: string[]) {
  return (
    `<ul class="gallery-grid" data-gallery="${gallery.id}" aria-label="${name}">` +
    `${tiles.join("")}</ul>`
  );
}

describe("[[gallery=N]] in an entry's article", () => {
  it("becomes the gallery's grid: its photos in order, with alt text and captions", async () => {
    const gallery = await galleryWith("Harvest & friends", ["Sowing", "Weeding", "Harvest"]);
    const post = await postWithArticle(
      `<p>Before the photos.</p><p>[[gallery=${gallery.id}]]</p><p>After them.</p>`,
    );
    const expected =
      "<p>Before the photos.</p>" +
      grid(
        gallery,
        "Harvest &amp; friends",
        gallery.photos.map((photo) => tile(photo)),
      ) +
      "<p>After them.</p>";
    expect(await publicArticle(post.slug)).toBe(expected);
    // The admin's read and the source are the same article.
    const asAdmin = await admin.get(`/api/blog/${post.id}`);
    expect(asAdmin.body.article_html).toBe(expected);
    expect(asAdmin.body.article).toContain(`[[gallery=${gallery.id}]]`);
  });

  it("is moved out of the paragraph it was typed in", async () => {
    const gallery = await galleryWith("Market day", ["Stalls"]);
    const post = await postWithArticle(`<p>Look: [[gallery=${gallery.id}]] and more.</p>`);
    expect(await publicArticle(post.slug)).toBe(
      `<p>Look: </p>${grid(gallery, "Market day", [tile(gallery.photos[0]!)])}<p> and more.</p>`,
    );
  });

  it("renders nothing for a gallery that does not exist, has no photos, or an id past any row", async () => {
    const empty = await admin.post("/api/galleries", { name: "Nothing yet" });
    const post = await postWithArticle(
      `<p>[[gallery=987654]]</p><p>[[gallery=${empty.body.id}]]</p>` +
        `<p>[[gallery=99999999999]]</p><p>Text stays.</p>`,
    );
    expect(await publicArticle(post.slug)).toBe("<p>Text stays.</p>");
  });

  it("shows each change to the gallery at the next read, and nothing once it is in the trash", async () => {
    const gallery = await galleryWith("Well opening", ["First", "Second", "Third"]);
    const [first, second, third] = gallery.photos as [Photo, Photo, Photo];
    const post = await postWithArticle(`<p>[[gallery=${gallery.id}]]</p>`);

    const order = await admin.post("/api/galleriesimages/order", {
      id: gallery.id,
      images: [third, first, second].map(({ id }) => ({ id })),
    });
    expect(order.status).toBe(200);
    const linked = await admin.post(`/api/galleriesimages/${first.id}`, {
      alt: "First, renamed",
      link: "https://example.org/wells",
    });
    expect(linked.status).toBe(200);
    expect((await admin.delete(`/api/galleriesimages/${second.id}`)).status).toBe(204);
    const renamed = await postForm(admin, `/api/galleries/${gallery.id}`, { name: "Wells" });
    expect(renamed.status).toBe(200);

    const now = grid(gallery, "Wells", [
      tile(third),
      tile(
        first,
        "First, renamed",
        `<figcaption><a href="https://example.org/wells">First, renamed</a></figcaption>`,
      ),
    ]);
    expect(await publicArticle(post.slug)).toBe(now);

    const deleted = await admin.delete(`/api/galleries/${gallery.id}`);
    expect(deleted.status).toBe(204);
    expect(await publicArticle(post.slug)).toBe("");
    const trashId = deleted.headers.get("X-Trash-Id");
    expect((await admin.post(`/api/trash/${trashId}/restore`, {})).status).toBe(200);
    expect(await publicArticle(post.slug)).toBe(now);
  });

  it("is in the answer of the save that placed it", async () => {
    const gallery = await galleryWith("Saved at once", ["Only"]);
    const entry = await createEntry(api.database.db, "project");
    const saved = await postForm(admin, `/api/projects/${entry.id}`, {
      article: `[[gallery=${gallery.id}]]`,
    });
    expect(saved.body.article_html).toBe(
      grid(gallery, "Saved at once", [tile(gallery.photos[0]!)]),
    );
  });

  it("names a photo without alt text by its place, and shows no caption", async () => {
    const gallery = await galleryWith("Unnamed", ["", ""]);
    const post = await postWithArticle(`[[gallery=${gallery.id}]]`);
    expect(await publicArticle(post.slug)).toBe(
      grid(gallery, "Unnamed", [
        tile(gallery.photos[0]!, "Photo 1 of 2", ""),
        tile(gallery.photos[1]!, "Photo 2 of 2", ""),
      ]),
    );
  });
});

describe("[[gallery=N]] in a TEXT widget", () => {
  async function textWidget(html: string) {
    const name = `GalleryText${Math.random().toString(36).slice(2, 8)}`;
    const created = await admin.post("/api/widgets", { name });
    expect(created.status).toBe(201);
    const saved = await postForm(admin, `/api/widgets/${created.body.id}`, { html });
    expect(saved.status).toBe(200);
    return { id: created.body.id as number, name };
  }

  it("becomes the grid when visitors read the widget by name; the admin's read keeps the code", async () => {
    const gallery = await galleryWith("Volunteers", ["Team", "Tools"]);
    const html = `<p>Our people: [[gallery=${gallery.id}]]</p><p>[[not a code]] [[gallery=987654]]</p>`;
    const widget = await textWidget(html);

    const read = await visitor.get(`/api/widgets/${widget.name}`);
    expect(read.status).toBe(200);
    expect(read.body.html).toBe(
      `<p>Our people: </p>${grid(
        gallery,
        "Volunteers",
        gallery.photos.map((photo) => tile(photo)),
      )}` + `<p>[[not a code]] </p>`,
    );
    expect((await admin.get(`/api/widgets/${widget.id}`)).body.html).toBe(html);

    await admin.post(`/api/galleriesimages/${gallery.photos[1]!.id}`, { alt: "Spades" });
    const again = await visitor.get(`/api/widgets/${widget.name}`);
    expect(again.body.html).toContain(`alt="Spades"`);
  });

  it("leaves a widget without a gallery code as it was saved", async () => {
    const html = "<p>Plain [[text]] here.</p>";
    const widget = await textWidget(html);
    expect((await visitor.get(`/api/widgets/${widget.name}`)).body.html).toBe(html);
  });
});

describe("a gallery photo's link", () => {
  it.each([
    ["www.example.org/projects/water", "https://www.example.org/projects/water"],
    ["example.org", "https://example.org"],
    ["www.example.org:8080/x?y=1#z", "https://www.example.org:8080/x?y=1#z"],
    ["HTTP://example.org/Up", "HTTP://example.org/Up"],
  ])("%j is saved as %j", async (link, saved) => {
    const gallery = await galleryWith("Links", ["Linked"]);
    const response = await admin.post(`/api/galleriesimages/${gallery.photos[0]!.id}`, { link });
    expect(response.status).toBe(200);
    expect(response.body.link).toBe(saved);
  });

  it.each([["javascript:alert(1)"], ["JavaScript:alert(1)"], ["mailto:office@example.org"]])(
    "%j is still refused",
    async (link) => {
      const gallery = await galleryWith("Refused links", ["Kept"]);
      const response = await admin.post(`/api/galleriesimages/${gallery.photos[0]!.id}`, { link });
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ link: ["The link field must be a valid URL."] });
    },
  );
});

describe("GET /api/galleries?q=", () => {
  it("answers the galleries whose name holds every word, in any case, with their total", async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const spring = await admin.post("/api/galleries", { name: `Spring fair ${tag}` });
    const autumn = await admin.post("/api/galleries", { name: `Autumn FAIR ${tag}` });
    await admin.post("/api/galleries", { name: `Spring walk ${tag}` });

    const fairs = await admin.get(`/api/galleries?q=${encodeURIComponent(`fair ${tag}`)}`);
    expect(fairs.status).toBe(200);
    expect(fairs.body.total).toBe(2);
    expect(fairs.body.results.map((gallery: { id: number }) => gallery.id)).toEqual([
      autumn.body.id,
      spring.body.id,
    ]);

    const paged = await admin.get(`/api/galleries?q=${tag}&limit=2&page=1`);
    expect(paged.body.total).toBe(3);
    expect(paged.body.results).toHaveLength(1);

    const none = await admin.get("/api/galleries?q=%25_nothing_%25");
    expect(none.body).toEqual({ results: [], total: 0 });
  });
});
