import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeImage } from "../fixtures/images.ts";
import { type ContractTarget, openContractTarget } from "../support/contract-target.ts";
import { multipart } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";

/** The gallery calls of the admin screens; the galleries they create are deleted again. */
let target: ContractTarget;
let admin: HttpClient;
const created: number[] = [];

beforeAll(async () => {
  target = await openContractTarget();
  admin = await target.signedInAdmin();
});
afterAll(async () => {
  for (const id of created) await admin?.delete(`/api/galleries/${id}`);
  await target?.close();
});

const ok = (status: number) => status >= 200 && status < 300;

async function createGallery(): Promise<number> {
  const response = await admin.post("/api/galleries", {
    name: `Contract ${randomBytes(3).toString("hex")}`,
  });
  expect(response.status).toBe(201);
  expect(response.body.id).toEqual(expect.any(Number));
  created.push(response.body.id);
  return response.body.id;
}

async function gallery(id: number) {
  const response = await admin.get(`/api/galleries/${id}`);
  expect(response.status).toBe(200);
  expect(response.body).toMatchObject({ id, name: expect.any(String), images: expect.any(Array) });
  expect(response.body).toHaveProperty("image_url");
  for (const image of response.body.images) {
    expect(image).toMatchObject({ id: expect.any(Number), image_url: expect.any(String) });
    expect(image).toHaveProperty("alt");
    expect(image).toHaveProperty("link");
  }
  return response.body;
}

describe("contract: galleries", () => {
  it("GET /api/galleries?limit=12&page=0 answers results and total", async () => {
    await createGallery();
    const response = await admin.get("/api/galleries?limit=12&page=0");
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ results: expect.any(Array), total: expect.any(Number) });
    expect(response.body.results.length).toBeGreaterThan(0);
    expect(response.body.results.length).toBeLessThanOrEqual(12);
    for (const item of response.body.results) {
      expect(item).toMatchObject({ id: expect.any(Number), name: expect.any(String) });
      expect(item).toHaveProperty("image_url");
    }
  });

  it("renames a gallery; POST /api/galleries without a name answers 422 under name", async () => {
    const id = await createGallery();
    const saved = await admin.request("POST", `/api/galleries/${id}`, {
      form: multipart({ name: "Renamed by contract" }),
    });
    expect(ok(saved.status)).toBe(true);
    expect((await gallery(id)).name).toBe("Renamed by contract");
    const refused = await admin.post("/api/galleries", { name: "" });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.name[0]).toEqual(expect.any(String));
  });

  it("uploads, orders, captions, rotates and deletes a gallery's pictures", async () => {
    const id = await createGallery();
    for (let n = 0; n < 2; n += 1) {
      const upload = await admin.request("POST", "/api/galleriesimages", {
        form: multipart({
          gallery_id: String(id),
          file: [`photo-${n}.png`, await makeImage("png", 90, 60)],
        }),
      });
      expect(ok(upload.status)).toBe(true);
    }
    const [first, second] = (await gallery(id)).images;

    const ordered = await admin.post("/api/galleriesimages/order", {
      ...(await gallery(id)),
      images: [second, first],
    });
    expect(ok(ordered.status)).toBe(true);
    expect((await gallery(id)).images.map((image: { id: number }) => image.id)).toEqual([
      second.id,
      first.id,
    ]);

    const captioned = await admin.post(`/api/galleriesimages/${first.id}`, {
      alt: "Caption by contract",
      link: "https://example.org/",
    });
    expect(ok(captioned.status)).toBe(true);
    const refused = await admin.post(`/api/galleriesimages/${first.id}`, {
      alt: "x",
      link: "javascript:alert(1)",
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.link[0]).toEqual(expect.any(String));

    const rotated = await admin.post(`/api/galleriesimages/${first.id}/rotate`, { id: first.id });
    expect(ok(rotated.status)).toBe(true);
    const afterRotate = (await gallery(id)).images.find((i: { id: number }) => i.id === first.id);
    expect(afterRotate).toMatchObject({ alt: "Caption by contract", link: "https://example.org/" });
    expect(afterRotate.image_url).not.toBe(first.image_url);

    expect(ok((await admin.delete(`/api/galleriesimages/${second.id}`)).status)).toBe(true);
    expect((await gallery(id)).images.map((image: { id: number }) => image.id)).toEqual([first.id]);
  });

  it("DELETE /api/galleries/{id} removes the gallery", async () => {
    const id = await createGallery();
    expect(ok((await admin.delete(`/api/galleries/${id}`)).status)).toBe(true);
    expect((await admin.get(`/api/galleries/${id}`)).status).toBe(404);
  });
});
