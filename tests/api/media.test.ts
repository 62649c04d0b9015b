import { readFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  IMAGE_VARIANT_WIDTHS,
  ImageRejected,
  deleteImage,
  rotateImage,
  storeImage,
  variantKey,
} from "../../server/media/images.ts";
import type { StorageDriver } from "../../server/media/storage.ts";
import { createLocalStorage } from "../../server/media/storage.ts";
import type { TestDataDir } from "../fixtures/database.ts";
import { createTempDataDir } from "../fixtures/database.ts";
import {
  BLUE,
  RED,
  makeImage,
  makeSidewaysPhotoWithGps,
  pixelAt,
  svgImage,
} from "../fixtures/images.ts";

let temp: TestDataDir;
let storage: StorageDriver;

beforeEach(async () => {
  temp = await createTempDataDir();
  storage = createLocalStorage(temp.dataDir);
});

afterEach(async () => {
  await temp.cleanup();
});

const readStored = (key: string) => readFile(path.join(temp.dataDir, key));
const allKeys = (key: string) => [key, ...IMAGE_VARIANT_WIDTHS.map((w) => variantKey(key, w))];

async function expectRejected(input: Buffer, message: string, field = "image") {
  const rejection = storeImage(storage, input, { folder: "tests", field });
  await expect(rejection).rejects.toBeInstanceOf(ImageRejected);
  await expect(rejection).rejects.toMatchObject({ message, field });
}

function expectClose(actual: { r: number; g: number; b: number }, expected: typeof RED) {
  for (const channel of ["r", "g", "b"] as const) {
    expect(Math.abs(actual[channel] - expected[channel])).toBeLessThan(40);
  }
}

describe("storeImage", () => {
  it("turns a sideways JPEG upright and strips its EXIF and GPS data", async () => {
    const photo = await makeSidewaysPhotoWithGps();
    const before = await sharp(photo).metadata();
    expect(before.orientation).toBe(6);
    expect(before.exif?.toString("latin1")).toContain("TestCam");

    const stored = await storeImage(storage, photo, { folder: "tests" });

    expect(stored).toMatchObject({ width: 100, height: 300, variants: [480, 960, 1600] });
    expect(stored.key).toMatch(/^uploads\/tests\/[0-9a-f]{32}\.webp$/);
    for (const key of allKeys(stored.key)) {
      const file = await readStored(key);
      const metadata = await sharp(file).metadata();
      expect(metadata.format).toBe("webp");
      expect(metadata.exif).toBeUndefined();
      expect(metadata.orientation).toBeUndefined();
      expect(file.includes("TestCam")).toBe(false);
    }
    const original = await readStored(stored.key);
    expectClose(await pixelAt(original, 50, 10), RED);
    expectClose(await pixelAt(original, 50, 290), BLUE);
  });

  it("writes WebP variants 480, 960 and 1600 px wide beside the original", async () => {
    const stored = await storeImage(storage, await makeImage("png", 2000, 1000), {
      folder: "tests",
    });

    expect(stored).toMatchObject({ width: 2000, height: 1000 });
    for (const width of IMAGE_VARIANT_WIDTHS) {
      const key = variantKey(stored.key, width);
      expect(key).toBe(stored.key.replace(/\.webp$/, `-${width}.webp`));
      const metadata = await sharp(await readStored(key)).metadata();
      expect(metadata).toMatchObject({ format: "webp", width, height: width / 2 });
    }
  });

  it("never enlarges: every variant of a narrow image keeps its width", async () => {
    const stored = await storeImage(storage, await makeImage("jpeg", 600, 400), {
      folder: "tests",
    });

    const widths = await Promise.all(
      IMAGE_VARIANT_WIDTHS.map(
        async (w) => (await sharp(await readStored(variantKey(stored.key, w))).metadata()).width,
      ),
    );
    expect(widths).toEqual([480, 600, 600]);
  });

  it("fits very large originals inside 2560 px", async () => {
    const stored = await storeImage(storage, await makeImage("jpeg", 4000, 1000), {
      folder: "tests",
    });
    expect(stored).toMatchObject({ width: 2560, height: 640 });
  });

  it.each(["png", "webp", "gif", "avif"] as const)("accepts %s", async (format) => {
    const stored = await storeImage(storage, await makeImage(format, 120, 80), {
      folder: "tests",
    });
    expect(stored).toMatchObject({ width: 120, height: 80 });
    expect((await storage.get(stored.key))?.contentType).toBe("image/webp");
  });

  it("rejects SVG, text, empty and truncated files as not an image", async () => {
    await expectRejected(svgImage, "The image must be an image.");
    await expectRejected(Buffer.from("just some text\n"), "The image must be an image.");
    await expectRejected(Buffer.alloc(0), "The image must be an image.");
    const jpeg = await makeImage("jpeg", 400, 300);
    await expectRejected(jpeg.subarray(0, 200), "The image must be an image.");
  });

  it("names the field it was given", async () => {
    await expectRejected(svgImage, "The file must be an image.", "file");
  });

  it("rejects images above 40 megapixels", async () => {
    const huge = await sharp({
      create: { width: 8000, height: 5001, channels: 3, background: "#888" },
    })
      .jpeg({ quality: 20 })
      .toBuffer();
    await expectRejected(huge, "The image must not be larger than 40 megapixels.");
  });
});

describe("rotateImage", () => {
  it("turns the image 90° clockwise under new file names, leaving the old files to the caller", async () => {
    const photo = await makeSidewaysPhotoWithGps();
    const stored = await storeImage(storage, photo, { folder: "tests" });

    const rotated = (await rotateImage(storage, stored.key))!;

    expect(rotated).toMatchObject({ width: 300, height: 100 });
    expect(rotated.key).not.toBe(stored.key);
    expect(rotated.key).toMatch(/^uploads\/tests\/[0-9a-f]{32}\.webp$/);
    // The photo's row still names them until the caller saves the new key (rotatePhoto).
    for (const key of allKeys(stored.key)) expect(await storage.get(key)).not.toBeNull();
    for (const key of allKeys(rotated.key)) expect(await storage.get(key)).not.toBeNull();
    // Upright the photo was red on top; a quarter turn clockwise puts red on the right.
    const original = await readStored(rotated.key);
    expectClose(await pixelAt(original, 290, 50), RED);
    expectClose(await pixelAt(original, 10, 50), BLUE);
  });
  it("answers undefined for an image that is gone", async () => {
    expect(await rotateImage(storage, "uploads/tests/0123456789abcdef0123456789abcdef.webp")).toBe(
      undefined,
    );
  });
});

describe("deleteImage", () => {
  it("removes the original and every variant", async () => {
    const stored = await storeImage(storage, await makeImage("png", 1000, 500), {
      folder: "tests",
    });
    await deleteImage(storage, stored.key);
    for (const key of allKeys(stored.key)) expect(await storage.get(key)).toBeNull();
  });
});

describe("local storage", () => {
  it("stores, streams and deletes files under DATA_DIR/uploads", async () => {
    const key = "uploads/widgets/example.webp";
    await storage.put(key, Buffer.from("hello"), "image/webp");

    expect(storage.url(key)).toBe("/storage/uploads/widgets/example.webp");
    expect(
      await readFile(path.join(temp.dataDir, "uploads", "widgets", "example.webp"), "utf8"),
    ).toBe("hello");
    const object = await storage.get(key);
    expect(object).toMatchObject({ size: 5, contentType: "image/webp" });
    const chunks: Buffer[] = [];
    for await (const chunk of object!.stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe("hello");
    expect(await storage.exists(key)).toBe(true);

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await storage.delete(key);
  });

  it.each([
    "uploads/../almoner.sqlite",
    "uploads/widgets/../../app-key",
    "../app-key",
    "/etc/passwd",
    "uploads//x.webp",
    "uploads\\..\\app-key",
    "uploads/%2e%2e/app-key",
    "app-key",
    "uploads",
  ])("refuses the key %j", async (key) => {
    expect(await storage.get(key)).toBeNull();
    expect(await storage.exists(key)).toBe(false);
    await expect(storage.put(key, Buffer.from("x"), "image/webp")).rejects.toThrow(
      /Invalid storage key/,
    );
  });

  it("answers null for a folder or an unknown file", async () => {
    await storage.put("uploads/widgets/a.webp", Buffer.from("a"), "image/webp");
    expect(await storage.get("uploads/widgets")).toBeNull();
    expect(await storage.get("uploads/widgets/missing.webp")).toBeNull();
    expect(await storage.exists("uploads/widgets")).toBe(false);
    expect(await storage.exists("uploads/widgets/missing.webp")).toBe(false);
  });
});
