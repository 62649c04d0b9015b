import { randomBytes } from "node:crypto";
import type { Metadata, OutputInfo, Sharp, SharpOptions } from "sharp";
import type { StorageDriver } from "./storage.ts";

type SharpFactory = (input?: Buffer, options?: SharpOptions) => Sharp;
let sharpLoaded: Promise<SharpFactory> | undefined;

/**
 * sharp and libvips, loaded with the first image the process handles: they add about 28 MB to
 * the API's resident memory, and an API serving pages may go hours without an upload.
 */
function loadSharp(): Promise<SharpFactory> {
  return (sharpLoaded ??= import("sharp").then(({ default: sharp }) => {
    // Each upload is decoded once, so libvips' operation cache (by default up to 50 MB and 100
    // operations, kept for the life of the process) would only hold memory.
    sharp.cache(false);
    return sharp;
  }));
}

/** An upload that is not an image we accept; the API answers 422 with `message` under `field`. */
export class ImageRejected extends Error {
  field: string;

  constructor(message: string, field: string) {
    super(message);
    this.name = "ImageRejected";
    this.field = field;
  }
}

export const MAX_IMAGE_PIXELS = 40_000_000;
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;
/** The stored original is re-encoded and fitted inside this box: plenty for a web page, and within WebP's limits. */
const ORIGINAL_MAX_SIDE = 2560;
// Effort 2 encodes about twice as fast as the default 4 for files about 2% larger.
const WEBP = { quality: 82, effort: 2 } as const;

const acceptedFormats = new Set(["jpeg", "png", "webp", "gif"]);

export type StoredImage = { key: string; width: number; height: number; variants: number[] };

/** The variant of an image beside its original: `uploads/x/abc.webp` → `uploads/x/abc-480.webp`. */
export function variantKey(key: string, width: number): string {
  return key.replace(/\.webp$/, `-${width}.webp`);
}

/**
 * Checks that `input` is a JPEG, PNG, WebP, GIF or AVIF of at most 40 megapixels, then stores it
 * upright and without metadata under `uploads/<folder>/`, with a WebP variant at each of
 * IMAGE_VARIANT_WIDTHS. Every variant file exists; for a narrow image a variant keeps the
 * original width, as images are never enlarged.
 */
export async function storeImage(
  storage: StorageDriver,
  input: Buffer,
  options: { folder: string; field?: string },
): Promise<StoredImage> {
  const field = options.field ?? "image";
  const sharp = await loadSharp();
  await assertAcceptedImage(sharp, input, field);
  return writeImage(
    sharp,
    storage,
    options.folder,
    sharp(input, decodeOptions).autoOrient(),
    field,
  );
}

/**
 * A chosen picture as a preview shows it before any save (record 058): checked as `storeImage`
 * checks it, upright, without metadata, no larger than the widest variant, as a `data:` URL.
 * Nothing is stored.
 */
export async function previewImage(input: Buffer, field = "image"): Promise<string> {
  const sharp = await loadSharp();
  await assertAcceptedImage(sharp, input, field);
  const widest = IMAGE_VARIANT_WIDTHS[IMAGE_VARIANT_WIDTHS.length - 1];
  let encoded: Buffer;
  try {
    encoded = await sharp(input, decodeOptions)
      .autoOrient()
      .resize({ width: widest, height: widest, fit: "inside", withoutEnlargement: true })
      .webp(WEBP)
      .toBuffer();
  } catch {
    throw new ImageRejected(`The ${field} must be an image.`, field);
  }
  return `data:image/webp;base64,${encoded.toString("base64")}`;
}

/**
 * A stored image turned 90° clockwise, under new file names; the old files stay for the caller to
 * remove once nothing names them. Undefined when the image is gone (another rotation of the same
 * photo may have removed it meanwhile).
 */
export async function rotateImage(
  storage: StorageDriver,
  key: string,
): Promise<StoredImage | undefined> {
  const original = await storage.get(key);
  if (!original) return undefined;
  const input = await readAll(original.stream);
  const sharp = await loadSharp();
  return writeImage(sharp, storage, folderOf(key), sharp(input, decodeOptions).rotate(90), "image");
}

/** Removes an image and its variants. */
export async function deleteImage(storage: StorageDriver, key: string): Promise<void> {
  await Promise.all(
    [key, ...IMAGE_VARIANT_WIDTHS.map((width) => variantKey(key, width))].map((k) =>
      storage.delete(k),
    ),
  );
}

/** Stores a copy of an image and its variants under a new name, as they are (no re-encoding). */
export async function copyImage(
  storage: StorageDriver,
  key: string,
  folder: string,
): Promise<string> {
  const copy = `uploads/${folder}/${randomBytes(16).toString("hex")}.webp`;
  const files: [from: string, to: string][] = [
    [key, copy],
    ...IMAGE_VARIANT_WIDTHS.map((width): [string, string] => [
      variantKey(key, width),
      variantKey(copy, width),
    ]),
  ];
  await Promise.all(
    files.map(async ([from, to]) => {
      const original = await storage.get(from);
      if (!original) throw new Error(`Image not found: ${from}`);
      await storage.put(to, await readAll(original.stream), original.contentType);
    }),
  );
  return copy;
}

const decodeOptions = { limitInputPixels: MAX_IMAGE_PIXELS, failOn: "error" } as const;

async function assertAcceptedImage(
  sharp: SharpFactory,
  input: Buffer,
  field: string,
): Promise<void> {
  const notAnImage = new ImageRejected(`The ${field} must be an image.`, field);
  if (input.length === 0) throw notAnImage;
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch {
    throw notAnImage;
  }
  const isAvif = metadata.format === "heif" && metadata.compression === "av1";
  if (!isAvif && !acceptedFormats.has(metadata.format ?? "")) throw notAnImage;
  const { width, height } = metadata;
  if (!width || !height) throw notAnImage;
  if (width * height > MAX_IMAGE_PIXELS) {
    throw new ImageRejected(`The ${field} must not be larger than 40 megapixels.`, field);
  }
}

async function writeImage(
  sharp: SharpFactory,
  storage: StorageDriver,
  folder: string,
  pipeline: Sharp,
  field: string,
): Promise<StoredImage> {
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    // Decode once into raw pixels; the original and every variant are encoded from them.
    pixels = await pipeline
      .resize({
        width: ORIGINAL_MAX_SIDE,
        height: ORIGINAL_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .toColourspace("srgb")
      .raw({ depth: "uchar" })
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new ImageRejected(`The ${field} must be an image.`, field);
  }
  const { width, height, channels } = pixels.info;
  const raw = { raw: { width, height, channels } } as const;
  const key = `uploads/${folder}/${randomBytes(16).toString("hex")}.webp`;

  // A variant at least as wide as the original is the original itself: encode each width once.
  const encode = memoize((targetWidth: number) => {
    const image = sharp(pixels.data, raw);
    if (targetWidth < width) image.resize({ width: targetWidth });
    return image.webp(WEBP).toBuffer();
  });
  const files = [
    { key, width },
    ...IMAGE_VARIANT_WIDTHS.map((w) => ({ key: variantKey(key, w), width: Math.min(w, width) })),
  ];
  await Promise.all(
    files.map(async (file) => storage.put(file.key, await encode(file.width), "image/webp")),
  );
  return { key, width, height, variants: [...IMAGE_VARIANT_WIDTHS] };
}

function folderOf(key: string): string {
  const match = /^uploads\/(.+)\/[^/]+$/.exec(key);
  if (!match?.[1]) throw new Error(`Not an image key: ${key}`);
  return match[1];
}

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream)
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

function memoize<T>(compute: (input: number) => T): (input: number) => T {
  const results = new Map<number, T>();
  return (input) => {
    if (!results.has(input)) results.set(input, compute(input));
    return results.get(input)!;
  };
}
