import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { makeSidewaysPhotoWithGps, svgImage } from "../fixtures/images.ts";
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

type GalleryImage = { id: number; image_url: string; alt: string; link: string; order: number };
type Gallery = { id: number; name: string; image_url: string | null; images: GalleryImage[] };

async function createGallery(client = admin, name = "Summer camp"): Promise<Gallery> {
  const response = await client.post("/api/galleries", { name });
  expect(response.status).toBe(201);
  return response.body;
}

async function upload(
  client: HttpClient,
  galleryId: number,
  bytes?: Buffer,
): Promise<GalleryImage> {
  const response = await postForm(client, "/api/galleriesimages", {
    gallery_id: String(galleryId),
    file: ["photo.png", bytes ?? (await png())],
  });
  expect(response.status).toBe(201);
  return response.body;
}

const getGallery = async (client: HttpClient, id: number): Promise<Gallery> =>
  (await client.get(`/api/galleries/${id}`)).body;

describe("guards", () => {
  it.each([
    ["anonymous", 401, "Unauthenticated."],
    ["member", 403, "This action is unauthorized."],
    ["unverified admin", 403, "Your email address is not verified."],
  ] as [Caller, number, string][])(
    "refuses every gallery call to %s with %i and changes nothing",
    async (who, status, message) => {
      const gallery = await createGallery();
      const image = await upload(admin, gallery.id);
      const before = await getGallery(admin, gallery.id);
      const client = await clientAs(api, who);
      const calls: [string, () => Promise<{ status: number; body: unknown }>][] = [
        ["GET /api/galleries", () => client.get("/api/galleries")],
        ["POST /api/galleries", () => client.post("/api/galleries", { name: "X" })],
        ["GET /api/galleries/{id}", () => client.get(`/api/galleries/${gallery.id}`)],
        [
          "POST /api/galleries/{id}",
          () => postForm(client, `/api/galleries/${gallery.id}`, { name: "Changed" }),
        ],
        ["DELETE /api/galleries/{id}", () => client.delete(`/api/galleries/${gallery.id}`)],
        [
          "POST /api/galleriesimages",
          async () =>
            postForm(client, "/api/galleriesimages", {
              gallery_id: String(gallery.id),
              file: ["a.png", await png()],
            }),
        ],
        [
          "POST /api/galleriesimages/order",
          () =>
            client.post("/api/galleriesimages/order", {
              id: gallery.id,
              images: [{ id: image.id }],
            }),
        ],
        [
          "POST /api/galleriesimages/{id}",
          () => client.post(`/api/galleriesimages/${image.id}`, { alt: "Changed" }),
        ],
        [
          "POST /api/galleriesimages/{id}/rotate",
          () => client.post(`/api/galleriesimages/${image.id}/rotate`, { id: image.id }),
        ],
        [
          "DELETE /api/galleriesimages/{id}",
          () => client.delete(`/api/galleriesimages/${image.id}`),
        ],
      ];
      for (const [call, send] of calls) {
        const response = await send();
        expect(response.status, call).toBe(status);
        expect(response.body, call).toEqual({ message });
      }
      expect(await getGallery(admin, gallery.id)).toEqual(before);
    },
  );
});

describe("galleries", () => {
  it("creates a gallery: 201 with its id, name, no picture and no images", async () => {
    const response = await admin.post("/api/galleries", { name: "  Harvest 2025 " });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      name: "Harvest 2025",
      image_url: null,
      images: [],
    });
    expect(await getGallery(admin, response.body.id)).toEqual(response.body);
  });

  it.each([
    ["no name", {}, "The name field is required."],
    ["a blank name", { name: "  " }, "The name field is required."],
    ["a number", { name: 5 }, "The name field must be a string."],
    [
      "256 characters",
      { name: "g".repeat(256) },
      "The name field must not be greater than 255 characters.",
    ],
  ])("answers 422 to a gallery with %s", async (_case, body, message) => {
    const response = await admin.post("/api/galleries", body);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { name: [message] } });
  });

  it("lists 12 a page, newest first, each with its first picture", async () => {
    const { own, client } = await freshApi();
    const ids: number[] = [];
    for (let n = 1; n <= 13; n += 1) ids.push((await createGallery(client, `Gallery ${n}`)).id);
    const first = await upload(client, ids[12]!);
    await upload(client, ids[12]!);

    const page = await client.get("/api/galleries?limit=12&page=0");
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(13);
    expect(page.body.results.map((g: Gallery) => g.id)).toEqual(ids.slice(1).reverse());
    expect(page.body.results[0]).toEqual({
      id: ids[12],
      name: "Gallery 13",
      image_url: first.image_url,
      images: [first, expect.objectContaining({ order: 1 })],
    });
    expect(page.body.results[1]).toMatchObject({ image_url: null, images: [] });
    const last = await client.get("/api/galleries?limit=12&page=1");
    expect(last.body).toEqual({
      results: [{ id: ids[0], name: "Gallery 1", image_url: null, images: [] }],
      total: 13,
    });
    expect((await own.client().get("/api/galleries")).status).toBe(401);
  });

  it("renames a gallery from a multipart form or JSON, keeping its pictures", async () => {
    const gallery = await createGallery();
    const image = await upload(admin, gallery.id);
    const form = await postForm(admin, `/api/galleries/${gallery.id}`, { name: "Renamed" });
    expect(form.status).toBe(200);
    expect(form.body).toEqual({
      id: gallery.id,
      name: "Renamed",
      image_url: image.image_url,
      images: [image],
    });
    const json = await admin.post(`/api/galleries/${gallery.id}`, { name: "Again" });
    expect(json.body.name).toBe("Again");
    const kept = await admin.post(`/api/galleries/${gallery.id}`, {});
    expect(kept.body.name).toBe("Again");
  });

  it("answers 422 to an empty name on save", async () => {
    const gallery = await createGallery();
    const response = await postForm(admin, `/api/galleries/${gallery.id}`, { name: "" });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ name: ["The name field is required."] });
  });

  it("moves a gallery to the trash; its pictures' files go with the purge", async () => {
    const { own, client } = await freshApi();
    const kept = await createGallery(client, "Kept");
    const keptImage = await upload(client, kept.id);
    const gallery = await createGallery(client);
    await upload(client, gallery.id);
    await upload(client, gallery.id);
    const response = await client.delete(`/api/galleries/${gallery.id}`);
    expect(response.status).toBe(204);
    expect((await client.get(`/api/galleries/${gallery.id}`)).status).toBe(404);
    expect(await storedFiles(own)).toHaveLength(12);
    const trashId = response.headers.get("X-Trash-Id");
    expect((await client.delete(`/api/trash/${trashId}`)).status).toBe(204);
    expect(await storedFiles(own)).toEqual(filesOf(keptImage.image_url).sort());
    expect((await client.delete(`/api/galleries/${gallery.id}`)).status).toBe(404);
  });

  it("answers 404 to unknown or malformed gallery ids", async () => {
    for (const id of ["999999", "x", "99999999999"]) {
      expect((await admin.get(`/api/galleries/${id}`)).status, id).toBe(404);
      expect((await admin.post(`/api/galleries/${id}`, { name: "X" })).status, id).toBe(404);
      expect((await admin.delete(`/api/galleries/${id}`)).status, id).toBe(404);
    }
  });
});

describe("POST /api/galleriesimages", () => {
  it("adds a picture at the end, through the media pipeline: upright, no metadata, variants", async () => {
    const { own, client } = await freshApi();
    const gallery = await createGallery(client);
    const first = await upload(client, gallery.id);
    const response = await postForm(client, "/api/galleriesimages", {
      gallery_id: String(gallery.id),
      file: ["sideways.jpg", await makeSidewaysPhotoWithGps()],
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({
      id: expect.any(Number),
      image_url: expect.stringMatching(/^\/storage\/uploads\/galleries\/[0-9a-f]{32}\.webp$/),
      alt: "",
      link: "",
      order: 1,
    });
    const served = await fetch(`${own.url}${response.body.image_url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    const metadata = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([metadata.width, metadata.height]).toEqual([100, 300]);
    expect(metadata.exif).toBeUndefined();
    expect(await storedFiles(own)).toEqual(
      [...filesOf(first.image_url), ...filesOf(response.body.image_url)].sort(),
    );
    expect((await getGallery(client, gallery.id)).images.map((image) => image.id)).toEqual([
      first.id,
      response.body.id,
    ]);
  });

  it.each([
    ["no gallery_id", {}, "gallery_id", "The gallery id field is required."],
    [
      "a gallery_id that is no number",
      { gallery_id: "abc" },
      "gallery_id",
      "The gallery id field must be an integer.",
    ],
    [
      "an unknown gallery",
      { gallery_id: "999999" },
      "gallery_id",
      "The selected gallery id is invalid.",
    ],
  ])("answers 422 to %s and stores nothing", async (_case, fields, field, message) => {
    const { own, client } = await freshApi();
    const response = await postForm(client, "/api/galleriesimages", {
      ...fields,
      file: ["a.png", await png()],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ [field]: [message] });
    expect(await storedFiles(own)).toEqual([]);
  });

  it.each([
    ["no file", undefined, "The file field is required."],
    ["an SVG", svgImage, "The file must be an image."],
    ["a text file", Buffer.from("hello"), "The file must be an image."],
  ])("answers 422 under file to %s", async (_case, bytes, message) => {
    const gallery = await createGallery();
    const response = await postForm(admin, "/api/galleriesimages", {
      gallery_id: String(gallery.id),
      ...(bytes ? { file: ["upload.bin", bytes] as [string, Buffer] } : {}),
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ message, errors: { file: [message] } });
    expect((await getGallery(admin, gallery.id)).images).toEqual([]);
  });

  it("answers 413 to a picture above IMAGE_MAX_BYTES", async () => {
    const { client } = await freshApi({ IMAGE_MAX_BYTES: "1000" });
    const gallery = await createGallery(client);
    const response = await postForm(client, "/api/galleriesimages", {
      gallery_id: String(gallery.id),
      file: ["big.jpg", await jpeg(400, 400)],
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ message: "The image you have uploaded is too large" });
  });
});

describe("POST /api/galleriesimages/order", () => {
  it("puts the pictures in the order sent and answers the gallery", async () => {
    const gallery = await createGallery();
    const [a, b, c] = [
      await upload(admin, gallery.id),
      await upload(admin, gallery.id),
      await upload(admin, gallery.id),
    ];
    const response = await admin.post("/api/galleriesimages/order", {
      ...gallery,
      images: [{ id: c!.id }, { id: a!.id }, { id: b!.id }],
    });
    expect(response.status).toBe(200);
    expect(response.body.images.map((image: GalleryImage) => [image.id, image.order])).toEqual([
      [c!.id, 0],
      [a!.id, 1],
      [b!.id, 2],
    ]);
    expect(response.body.image_url).toBe(c!.image_url);
    expect(await getGallery(admin, gallery.id)).toEqual(response.body);
  });

  it("answers 422 to a picture of another gallery, and keeps the order", async () => {
    const gallery = await createGallery();
    const other = await createGallery();
    const mine = await upload(admin, gallery.id);
    const theirs = await upload(admin, other.id);
    const response = await admin.post("/api/galleriesimages/order", {
      id: gallery.id,
      images: [{ id: theirs.id }, { id: mine.id }],
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({ images: ["The selected images.0.id is invalid."] });
  });

  it.each([
    [{ images: [{ id: 1 }] }, { id: ["The id field is required."] }],
    [{ id: 999999, images: [{ id: 1 }] }, { id: ["The selected id is invalid."] }],
    [{ id: 1, images: [] }, { images: ["The images field is required."] }],
    [{ id: 1, images: [{ id: "x" }] }, { images: ["The images.0.id field must be an integer."] }],
  ])("answers 422 to %j", async (body, errors) => {
    const response = await admin.post("/api/galleriesimages/order", body);
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual(errors);
  });
});

describe("POST /api/galleriesimages/{id} (alt and link)", () => {
  it("saves the alt text and an http(s) link", async () => {
    const gallery = await createGallery();
    const image = await upload(admin, gallery.id);
    const response = await admin.post(`/api/galleriesimages/${image.id}`, {
      alt: "  Children at the new well ",
      link: " https://example.org/projects/clean-water ",
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      ...image,
      alt: "Children at the new well",
      link: "https://example.org/projects/clean-water",
    });
    expect((await getGallery(admin, gallery.id)).images).toEqual([response.body]);

    const form = await postForm(admin, `/api/galleriesimages/${image.id}`, {
      alt: "",
      link: "http://example.org",
    });
    expect(form.body).toMatchObject({ alt: "", link: "http://example.org" });
    const cleared = await admin.post(`/api/galleriesimages/${image.id}`, { link: null });
    expect(cleared.body).toMatchObject({ alt: "", link: "" });
  });

  it.each([
    ["javascript:alert(1)"],
    ["data:text/html,<script>alert(1)</script>"],
    ["ftp://example.org/file"],
    ["//example.org/no-scheme"],
    ["/relative/path"],
    ["not a link"],
  ])("answers 422 to the link %j and keeps the picture", async (link) => {
    const gallery = await createGallery();
    const image = await upload(admin, gallery.id);
    const response = await admin.post(`/api/galleriesimages/${image.id}`, { alt: "x", link });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: "The link field must be a valid URL.",
      errors: { link: ["The link field must be a valid URL."] },
    });
    expect((await getGallery(admin, gallery.id)).images).toEqual([image]);
  });

  it("answers 422 to an alt of 256 characters and a link of 2049", async () => {
    const gallery = await createGallery();
    const image = await upload(admin, gallery.id);
    const response = await admin.post(`/api/galleriesimages/${image.id}`, {
      alt: "a".repeat(256),
      link: `https://example.org/${"l".repeat(2029)}`,
    });
    expect(response.status).toBe(422);
    expect(response.body.errors).toEqual({
      alt: ["The alt field must not be greater than 255 characters."],
      link: ["The link field must not be greater than 2048 characters."],
    });
  });

  it("answers 404 to an unknown picture", async () => {
    const response = await admin.post("/api/galleriesimages/999999", { alt: "x" });
    expect(response.status).toBe(404);
  });
});

describe("rotate and delete a picture", () => {
  it("turns a picture 90° clockwise under a new name and removes the old files", async () => {
    const { own, client } = await freshApi();
    const gallery = await createGallery(client);
    const image = await upload(client, gallery.id, await jpeg(120, 60));
    const response = await client.post(`/api/galleriesimages/${image.id}/rotate`, { id: image.id });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ ...image, image_url: expect.any(String) });
    expect(response.body.image_url).not.toBe(image.image_url);
    const file = await fetch(`${own.url}${response.body.image_url}`).then((r) => r.arrayBuffer());
    const metadata = await sharp(Buffer.from(file)).metadata();
    expect([metadata.width, metadata.height]).toEqual([60, 120]);
    expect(await storedFiles(own)).toEqual(filesOf(response.body.image_url).sort());
    expect((await admin.post("/api/galleriesimages/999999/rotate", {})).status).toBe(404);
  });

  it("answers several rotations of one picture at once (a double click) without a 500, leaving no stray files", async () => {
    const { own, client } = await freshApi();
    const gallery = await createGallery(client);
    const image = await upload(client, gallery.id, await jpeg(120, 60));

    const answers = await Promise.all(
      [1, 2, 3].map(() => client.post(`/api/galleriesimages/${image.id}/rotate`, {})),
    );

    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const now = (await getGallery(client, gallery.id)).images[0]!.image_url as string;
    expect(await storedFiles(own)).toEqual(filesOf(now).sort());
  });

  it("moves a picture to the trash (its files go with the purge); the next becomes the gallery's picture", async () => {
    const { own, client } = await freshApi();
    const gallery = await createGallery(client);
    const first = await upload(client, gallery.id);
    const second = await upload(client, gallery.id);
    const response = await client.delete(`/api/galleriesimages/${first.id}`);
    expect(response.status).toBe(204);
    expect(await getGallery(client, gallery.id)).toEqual({
      ...gallery,
      image_url: second.image_url,
      images: [second],
    });
    const trashId = response.headers.get("X-Trash-Id");
    expect((await client.delete(`/api/trash/${trashId}`)).status).toBe(204);
    expect(await storedFiles(own)).toEqual(filesOf(second.image_url).sort());
    expect((await client.delete(`/api/galleriesimages/${first.id}`)).status).toBe(404);
  });
});
