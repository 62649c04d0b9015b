import { randomBytes } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";

export type StoredObject = { stream: Readable; size: number; contentType: string };

/** Where uploaded files live. Keys look like `uploads/widgets/<random>.webp`. */
export type StorageDriver = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The object, or null when the key is unknown or not a valid key. Read its stream to the end or destroy it. */
  get(key: string): Promise<StoredObject | null>;
  /** Whether the object is there, without reading it. */
  exists(key: string): Promise<boolean>;
  /** Removes the object; a missing object is not an error. */
  delete(key: string): Promise<void>;
  /** Every stored key, in no particular order (backups read them all). */
  list(): AsyncIterable<string>;
  url(key: string): string;
  /** Lets go of connections (the S3 driver's); the driver is not used afterwards. */
  close(): void;
};

/** Where the API (and the web tier, relaying it) serves a stored file. */
export function publicStorageUrl(key: string): string {
  return `/storage/${key}`;
}

export class InvalidStorageKey extends Error {
  constructor(key: string) {
    super(`Invalid storage key: ${JSON.stringify(key)}`);
  }
}

const keySegment = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

/** Keys are relative paths under `uploads/` made of plain segments: no `..`, no absolute paths, no backslashes. */
export function isValidStorageKey(key: string): boolean {
  if (key.length > 512) return false;
  const segments = key.split("/");
  return (
    segments.length >= 2 &&
    segments[0] === "uploads" &&
    segments.every((segment) => keySegment.test(segment) && !segment.includes(".."))
  );
}

const contentTypes: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".avif": "image/avif",
};

export function contentTypeFor(key: string): string {
  return contentTypes[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Stores files under `<dataDir>/uploads`; the key's leading `uploads/` is that folder. */
export function createLocalStorage(dataDir: string): StorageDriver {
  const root = path.resolve(dataDir);
  const uploads = path.join(root, "uploads");

  function fileFor(key: string): string | null {
    if (!isValidStorageKey(key)) return null;
    const file = path.resolve(root, key);
    return file.startsWith(uploads + path.sep) ? file : null;
  }

  return {
    async put(key, body) {
      const file = fileFor(key);
      if (!file) throw new InvalidStorageKey(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Write beside the target and rename, so a reader never sees half a file.
      const partial = `${file}.${randomBytes(6).toString("hex")}.partial`;
      await writeFile(partial, body);
      await rename(partial, file);
    },

    async get(key) {
      const file = fileFor(key);
      if (!file) return null;
      try {
        const info = await stat(file);
        if (!info.isFile()) return null;
        return {
          stream: createReadStream(file),
          size: info.size,
          contentType: contentTypeFor(key),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async exists(key) {
      const file = fileFor(key);
      if (!file) return false;
      try {
        return (await stat(file)).isFile();
      } catch (error) {
        if (isMissing(error)) return false;
        throw error;
      }
    },

    async delete(key) {
      const file = fileFor(key);
      if (!file) return;
      await rm(file, { force: true });
    },

    async *list() {
      let found;
      try {
        found = await readdir(uploads, { recursive: true, withFileTypes: true });
      } catch (error) {
        if (isMissing(error)) return;
        throw error;
      }
      for (const item of found) {
        // Half-written files (`….partial`) are left out.
        if (!item.isFile() || item.name.endsWith(".partial")) continue;
        const relative = path.relative(root, path.join(item.parentPath, item.name));
        const key = relative.split(path.sep).join("/");
        if (isValidStorageKey(key)) yield key;
      }
    },

    url: publicStorageUrl,

    close() {},
  };
}

function isMissing(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException).code;
  return code === "ENOENT" || code === "ENOTDIR";
}
