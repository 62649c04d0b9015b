import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from "vitest";
import { ConfigError, loadConfig, type S3StorageConfig } from "../../server/config.ts";
import { IMAGE_VARIANT_WIDTHS, storeImage, variantKey } from "../../server/media/images.ts";
import { createS3Storage } from "../../server/media/s3-storage.ts";
import { InvalidStorageKey, type StorageDriver } from "../../server/media/storage.ts";
import { createEntry } from "../support/entries-factory.ts";
import { clientAs, filesOf, jpeg, png, postForm, storedFiles } from "../support/admin-calls.ts";
import type { HttpClient } from "../support/http-client.ts";
import {
  S3RVER_KEY,
  startS3Server,
  type TestBucket,
  type TestS3Server,
} from "../support/s3-server.ts";
import { startTestApi, type TestApi } from "../support/test-api.ts";

let s3: TestS3Server;
const dataDir = mkdtempSync(path.join(tmpdir(), "almoner-s3-config-"));

beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const TEST_KEY = "base64:dGVzdC1rZXktdGVzdC1rZXktdGVzdC1rZXktdGVzdC0=";

function storageConfig(storageUrl: string | undefined, env: Record<string, string> = {}) {
  return loadConfig({
    DATA_DIR: dataDir,
    APP_KEY: TEST_KEY,
    ...(storageUrl === undefined ? {} : { STORAGE_URL: storageUrl }),
    ...env,
  }).storage;
}

function s3Config(storageUrl: string): S3StorageConfig {
  const storage = storageConfig(storageUrl);
  if (storage.driver !== "s3") throw new Error(`not an S3 config: ${storageUrl}`);
  return storage;
}

/** The S3 driver on a new bucket of its own, closed when the test ends. */
async function s3Driver(
  change: (config: S3StorageConfig) => S3StorageConfig = (config) => config,
): Promise<{ bucket: TestBucket; storage: StorageDriver }> {
  const bucket = await s3.createBucket();
  const storage = createS3Storage(change(s3Config(bucket.storageUrl)));
  onTestFinished(() => storage.close());
  return { bucket, storage };
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

describe("STORAGE_URL", () => {
  it("keeps uploads in DATA_DIR/uploads when unset", () => {
    expect(storageConfig(undefined)).toEqual({ driver: "local" });
    expect(storageConfig("")).toEqual({ driver: "local" });
  });

  it("reads the bucket, endpoint, region and percent-encoded credentials", () => {
    expect(
      storageConfig(
        "s3://AKIAEXAMPLE:se%2Fcr%2Bet@media.example?endpoint=http://127.0.0.1:9000&region=eu-west-1",
      ),
    ).toEqual({
      driver: "s3",
      bucket: "media.example",
      endpoint: "http://127.0.0.1:9000",
      region: "eu-west-1",
      forcePathStyle: true,
      credentials: { accessKeyId: "AKIAEXAMPLE", secretAccessKey: "se/cr+et" },
    });
  });

  it("leaves credentials to the AWS environment, and the region to AWS_REGION, when the URL has none", () => {
    expect(storageConfig("s3://media")).toEqual({
      driver: "s3",
      bucket: "media",
      endpoint: undefined,
      region: "us-east-1",
      forcePathStyle: false,
      credentials: undefined,
    });
    expect(storageConfig("s3://media", { AWS_REGION: "eu-central-1" })).toMatchObject({
      region: "eu-central-1",
    });
  });

  it("addresses buckets by path when an endpoint is given, unless path_style=0", () => {
    const endpoint = "endpoint=https://s3.example.org";
    expect(storageConfig(`s3://media?${endpoint}`)).toMatchObject({ forcePathStyle: true });
    expect(storageConfig(`s3://media?${endpoint}&path_style=0`)).toMatchObject({
      forcePathStyle: false,
    });
    expect(storageConfig("s3://media?path_style=1")).toMatchObject({ forcePathStyle: true });
  });

  it.each([
    ["https://media.example.org", "must start with s3://"],
    ["s3://", "names no bucket"],
    ["s3://Media_Files", "is not a valid bucket name"],
    ["s3://media/folder", "takes no path"],
    ["s3://media?endpoint=ftp://files.example.org", "endpoint must be an http(s) URL"],
    ["s3://media?endpoint=", "endpoint must be an http(s) URL"],
    ["s3://media?region=eu%20west", "region is not valid"],
    ["s3://media?path_style=yes", "path_style must be 0 or 1"],
    ["s3://media?endpont=http://127.0.0.1:9000", 'unknown parameter "endpont"'],
    ["s3://AKIAEXAMPLE@media", "needs both the access key and the secret"],
    ["s3://AKIA%ZZ:secret@media", "not valid percent-encoding"],
  ])("stops start-up on STORAGE_URL=%s with one line naming the variable", (value, reason) => {
    let error: unknown;
    try {
      storageConfig(value);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as ConfigError).message;
    expect(message.split("\n")).toHaveLength(1);
    expect(message).toMatch(/^Invalid environment variable STORAGE_URL=/);
    expect(message).toContain(reason);
  });

  it("never prints the secret in that line", () => {
    expect(() => storageConfig("s3://AKIAEXAMPLE:topsecret@Bad_Bucket")).toThrow(
      'Invalid environment variable STORAGE_URL="s3://AKIAEXAMPLE:***@Bad_Bucket"',
    );
    expect(() => storageConfig("s3://AKIAEXAMPLE:topsecret@Bad_Bucket")).not.toThrow(/topsecret/);
  });
});

describe("the S3 driver", () => {
  it("puts an object and gets back its bytes, size and content type", async () => {
    const { bucket, storage } = await s3Driver();
    const bytes = Buffer.from("RIFF\u0000\u0000\u0000\u0000WEBPVP8 test");
    await storage.put("uploads/widgets/a.webp", bytes, "image/webp");

    expect(await bucket.keys()).toEqual(["uploads/widgets/a.webp"]);
    expect(await bucket.object("uploads/widgets/a.webp")).toEqual({
      bytes,
      contentType: "image/webp",
    });
    const object = await storage.get("uploads/widgets/a.webp");
    expect(object).toMatchObject({ size: bytes.length, contentType: "image/webp" });
    expect(await readAll(object!.stream)).toEqual(bytes);
    expect(await storage.exists("uploads/widgets/a.webp")).toBe(true);
    expect(storage.url("uploads/widgets/a.webp")).toBe("/storage/uploads/widgets/a.webp");
  });

  it("answers null and false for a missing key", async () => {
    const { storage } = await s3Driver();
    expect(await storage.get("uploads/widgets/missing.webp")).toBeNull();
    expect(await storage.exists("uploads/widgets/missing.webp")).toBe(false);
  });

  it("deletes an object; deleting a missing one is not an error", async () => {
    const { bucket, storage } = await s3Driver();
    await storage.put("uploads/entries/a.webp", Buffer.from("a"), "image/webp");
    await storage.put("uploads/entries/b.webp", Buffer.from("b"), "image/webp");
    await storage.delete("uploads/entries/a.webp");
    await storage.delete("uploads/entries/a.webp");
    await storage.delete("uploads/entries/never.webp");
    expect(await bucket.keys()).toEqual(["uploads/entries/b.webp"]);
    expect(await storage.get("uploads/entries/a.webp")).toBeNull();
  });

  it("refuses keys outside uploads/ without asking the bucket", async () => {
    const { bucket, storage } = await s3Driver();
    await storage.put("uploads/x.webp", Buffer.from("x"), "image/webp");
    for (const key of ["uploads/../x.webp", "../uploads/x.webp", "/uploads/x.webp", "app-key"]) {
      await expect(storage.put(key, Buffer.from("y"), "image/webp"), key).rejects.toBeInstanceOf(
        InvalidStorageKey,
      );
      expect(await storage.get(key), key).toBeNull();
      expect(await storage.exists(key), key).toBe(false);
      await storage.delete(key);
    }
    expect(await bucket.keys()).toEqual(["uploads/x.webp"]);
  });

  it("stores an image and its WebP variants with the media pipeline", async () => {
    const { bucket, storage } = await s3Driver();
    const stored = await storeImage(storage, await jpeg(2000, 1000), { folder: "tests" });
    const keys = [stored.key, ...IMAGE_VARIANT_WIDTHS.map((w) => variantKey(stored.key, w))];
    expect(await bucket.keys()).toEqual([...keys].sort());
    const variant = await bucket.object(variantKey(stored.key, 480));
    expect(variant.contentType).toBe("image/webp");
    expect(await sharp(variant.bytes).metadata()).toMatchObject({ format: "webp", width: 480 });
  });

  // s3rver checks the access key of a request (not its V4 signature): a key it does not know
  // shows which credentials the driver used.
  it("signs its requests with the URL's credentials", async () => {
    const { storage } = await s3Driver((config) => ({
      ...config,
      credentials: { accessKeyId: "SOMEONE-ELSE", secretAccessKey: S3RVER_KEY },
    }));
    await expect(storage.put("uploads/x.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(
      "The AWS Access Key Id you provided does not exist in our records.",
    );
  });

  it("takes AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY from the environment without them", async () => {
    onTestFinished(() => {
      vi.unstubAllEnvs();
    });
    const withoutCredentials = (config: S3StorageConfig) => ({ ...config, credentials: undefined });
    vi.stubEnv("AWS_SECRET_ACCESS_KEY", S3RVER_KEY);
    vi.stubEnv("AWS_ACCESS_KEY_ID", "SOMEONE-ELSE");
    const stranger = await s3Driver(withoutCredentials);
    await expect(
      stranger.storage.put("uploads/x.webp", Buffer.from("x"), "image/webp"),
    ).rejects.toThrow("The AWS Access Key Id you provided does not exist in our records.");

    vi.stubEnv("AWS_ACCESS_KEY_ID", S3RVER_KEY);
    const { bucket, storage } = await s3Driver(withoutCredentials);
    await storage.put("uploads/x.webp", Buffer.from("x"), "image/webp");
    expect(await bucket.keys()).toEqual(["uploads/x.webp"]);
  });
});

describe("the API with STORAGE_URL", () => {
  /** An API of the test's own (on TEST_DATABASE_URL's PostgreSQL when set) storing in a new bucket. */
  async function apiOnS3(): Promise<{ own: TestApi; admin: HttpClient; bucket: TestBucket }> {
    const bucket = await s3.createBucket();
    const own = await startTestApi({ STORAGE_URL: bucket.storageUrl });
    onTestFinished(() => own.close());
    return { own, admin: await clientAs(own, "admin"), bucket };
  }

  /** A GET with the path exactly as written: fetch would resolve its dot segments first. */
  function rawGet(url: string, rawPath: string): Promise<{ status: number; body: string }> {
    const { hostname, port } = new URL(url);
    return new Promise((resolve, reject) => {
      http
        .get({ hostname, port, path: rawPath }, (response) => {
          let body = "";
          response.on("data", (chunk: Buffer) => (body += chunk.toString()));
          response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
        })
        .on("error", reject);
    });
  }

  it("stores an uploaded picture and its WebP variants in the bucket, and nothing on disk", async () => {
    const { own, admin, bucket } = await apiOnS3();
    const entry = await createEntry(own.database.db, "project");
    const response = await postForm(admin, "/api/projectsimages", {
      project_id: String(entry.id),
      file: ["well.jpg", await jpeg(2000, 1000)],
    });
    expect(response.status).toBe(201);
    expect(response.body.image_url).toMatch(/^\/storage\/uploads\/entries\/[0-9a-f]{32}\.webp$/);

    expect(await bucket.keys()).toEqual(filesOf(response.body.image_url).sort());
    expect(await storedFiles(own)).toEqual([]);
    for (const [key, width] of filesOf(response.body.image_url).map(
      (k, i) => [k, [2000, ...IMAGE_VARIANT_WIDTHS][i]] as const,
    )) {
      const object = await bucket.object(key);
      expect(object.contentType, key).toBe("image/webp");
      expect((await sharp(object.bytes).metadata()).width, key).toBe(width);
    }
  });

  it("serves GET /storage/… from the bucket with the content type and immutable cache headers", async () => {
    const { own, admin, bucket } = await apiOnS3();
    const entry = await createEntry(own.database.db, "project");
    const upload = await postForm(admin, "/api/projectsimages", {
      project_id: String(entry.id),
      file: ["well.png", await png(900, 600)],
    });
    const [original, variant480] = filesOf(upload.body.image_url);

    for (const key of [original!, variant480!]) {
      const { bytes } = await bucket.object(key);
      const response = await fetch(`${own.url}/storage/${key}`);
      expect(response.status, key).toBe(200);
      expect(Object.fromEntries(response.headers), key).toMatchObject({
        "content-type": "image/webp",
        "content-length": String(bytes.length),
        "cache-control": "public, max-age=31536000, immutable",
        "x-content-type-options": "nosniff",
      });
      expect(Buffer.from(await response.arrayBuffer()), key).toEqual(bytes);
    }

    const head = await fetch(`${own.url}/storage/${original}`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toBe("image/webp");
    expect(head.headers.get("content-length")).toBe(
      String((await bucket.object(original!)).bytes.length),
    );
    expect(await head.text()).toBe("");
  });

  it("answers 404 for unknown keys and for paths that leave uploads/", async () => {
    const { own, bucket } = await apiOnS3();
    await own.app.storage.put("uploads/entries/known.webp", Buffer.from("x"), "image/webp");
    expect(await bucket.keys()).toEqual(["uploads/entries/known.webp"]);

    for (const rawPath of [
      "/storage/uploads/entries/unknown.webp",
      "/storage/uploads/entries/../entries/known.webp",
      "/storage/uploads/%2e%2e/uploads/entries/known.webp",
      "/storage/uploads/..%2fuploads%2fentries%2fknown.webp",
      "/storage/uploads",
      "/storage/other/known.webp",
    ]) {
      const response = await rawGet(own.url, rawPath);
      expect(response.status, rawPath).toBe(404);
      expect(JSON.parse(response.body), rawPath).toEqual({ message: "Not Found." });
    }
  });

  it("rotates a picture into new keys and removes the old ones from the bucket", async () => {
    const { own, admin, bucket } = await apiOnS3();
    const entry = await createEntry(own.database.db, "project");
    const upload = await postForm(admin, "/api/projectsimages", {
      project_id: String(entry.id),
      file: ["well.png", await png(300, 100)],
    });

    const rotated = await admin.post(`/api/projectsimages/${upload.body.id}/rotate`, {});
    expect(rotated.status).toBe(200);
    expect(rotated.body.image_url).not.toBe(upload.body.image_url);
    expect(await bucket.keys()).toEqual(filesOf(rotated.body.image_url).sort());
    const served = await fetch(`${own.url}${rotated.body.image_url}`);
    expect(await sharp(Buffer.from(await served.arrayBuffer())).metadata()).toMatchObject({
      width: 100,
      height: 300,
    });
    expect((await fetch(`${own.url}${upload.body.image_url}`)).status).toBe(404);
  });

  it("answers 404 to rotating a picture whose object is gone from the bucket", async () => {
    const { own, admin, bucket } = await apiOnS3();
    const entry = await createEntry(own.database.db, "project");
    const upload = await postForm(admin, "/api/projectsimages", {
      project_id: String(entry.id),
      file: ["well.png", await png()],
    });
    await own.app.storage.delete(filesOf(upload.body.image_url)[0]!);

    const response = await admin.post(`/api/projectsimages/${upload.body.id}/rotate`, {});
    expect(response.status).toBe(404);
    expect(response.body).toEqual({ message: "Not Found." });
    expect(await bucket.keys()).toEqual(filesOf(upload.body.image_url).slice(1).sort());
  });

  it("removes an entry's cover and pictures from the bucket when the deleted entry is purged", async () => {
    const { own, admin, bucket } = await apiOnS3();
    const entry = await createEntry(own.database.db, "blog");
    const cover = await postForm(admin, `/api/blog/${entry.id}`, {
      image: ["cover.png", await png()],
    });
    expect(cover.status).toBe(200);
    const picture = await postForm(admin, "/api/blogimages", {
      blog_id: String(entry.id),
      file: ["photo.jpg", await jpeg()],
    });
    expect(picture.status).toBe(201);
    expect(await bucket.keys()).toEqual(
      [...filesOf(cover.body.image_url), ...filesOf(picture.body.image_url)].sort(),
    );

    const deleted = await admin.delete(`/api/blog/${entry.id}`);
    expect(deleted.status).toBe(204);
    expect(await bucket.keys()).toHaveLength(8);
    const purged = await admin.delete(`/api/trash/${deleted.headers.get("X-Trash-Id")}`);
    expect(purged.status).toBe(204);
    expect(await bucket.keys()).toEqual([]);
  });

  it("keeps a gallery's pictures in the bucket until the deleted gallery is purged", async () => {
    const { admin, bucket } = await apiOnS3();
    const gallery = await admin.post("/api/galleries", { name: "Summer camp" });
    const pictures = [];
    for (const bytes of [await png(), await jpeg()]) {
      const response = await postForm(admin, "/api/galleriesimages", {
        gallery_id: String(gallery.body.id),
        file: ["photo", bytes],
      });
      expect(response.status).toBe(201);
      pictures.push(response.body);
    }
    const rotated = await admin.post(`/api/galleriesimages/${pictures[0].id}/rotate`, {});
    expect(rotated.status).toBe(200);
    expect(await bucket.keys()).toEqual(
      [...filesOf(rotated.body.image_url), ...filesOf(pictures[1].image_url)].sort(),
    );

    const picture = await admin.delete(`/api/galleriesimages/${pictures[1].id}`);
    expect(picture.status).toBe(204);
    expect(await admin.delete(`/api/trash/${picture.headers.get("X-Trash-Id")}`)).toMatchObject({
      status: 204,
    });
    expect(await bucket.keys()).toEqual(filesOf(rotated.body.image_url).sort());
    const deleted = await admin.delete(`/api/galleries/${gallery.body.id}`);
    expect(deleted.status).toBe(204);
    expect(await bucket.keys()).toHaveLength(4);
    expect(await admin.delete(`/api/trash/${deleted.headers.get("X-Trash-Id")}`)).toMatchObject({
      status: 204,
    });
    expect(await bucket.keys()).toEqual([]);
  });

  it("replaces a widget's picture in the bucket", async () => {
    const { own, admin, bucket } = await apiOnS3();
    const widget = await admin.post("/api/widgets", { name: "AboutImage", type: "IMAGE" });
    const first = await postForm(admin, `/api/widgets/${widget.body.id}`, {
      file: ["a.png", await png()],
    });
    expect(first.status).toBe(200);
    expect(await bucket.keys()).toEqual(filesOf(first.body.image_url).sort());

    const second = await postForm(admin, `/api/widgets/${widget.body.id}`, {
      file: ["b.jpg", await jpeg()],
    });
    expect(second.status).toBe(200);
    // The first picture stays while a revision names it (record 030).
    expect(await bucket.keys()).toEqual(
      [...filesOf(first.body.image_url), ...filesOf(second.body.image_url)].sort(),
    );
    const served = await own.client().get(second.body.image_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
  });
});
