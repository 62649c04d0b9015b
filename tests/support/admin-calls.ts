import { readdir } from "node:fs/promises";
import path from "node:path";
import type { User } from "../../server/types.ts";
import { makeImage } from "../fixtures/images.ts";
import { createAdmin, createUser, signInAs } from "./factories.ts";
import type { HttpClient } from "./http-client.ts";
import type { TestApi } from "./test-api.ts";

export type Caller = "anonymous" | "member" | "unverified admin" | "admin";

/** A client of the web tier's origin, signed in as `who` (anonymous: with an XSRF token only). */
export async function clientAs(api: TestApi, who: Caller): Promise<HttpClient> {
  const client = api.client();
  if (who === "anonymous") {
    await client.csrf();
    return client;
  }
  const db = api.database.db;
  let user: User;
  if (who === "member") user = await createUser(db);
  else if (who === "unverified admin") user = await createAdmin(db, { email_verified_at: null });
  else user = await createAdmin(db);
  await signInAs(db, client, user);
  return client;
}

/** A multipart body; a Buffer value becomes a file named `upload.bin` unless given as [name, bytes]. */
export function multipart(fields: Record<string, string | Buffer | [string, Buffer]>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (typeof value === "string") form.append(name, value);
    else {
      const [filename, bytes] = Buffer.isBuffer(value) ? ["upload.bin", value] : value;
      form.append(name, new Blob([new Uint8Array(bytes)]), filename);
    }
  }
  return form;
}

/** Sends a multipart POST as the web tier does. */
export function postForm(client: HttpClient, url: string, fields: Parameters<typeof multipart>[0]) {
  return client.request("POST", url, { form: multipart(fields) });
}

export const png = (width = 64, height = 48) => makeImage("png", width, height);
export const jpeg = (width = 64, height = 48) => makeImage("jpeg", width, height);

/** Every file under the API's uploads folder, relative to DATA_DIR (e.g. `uploads/entries/x.webp`). */
export async function storedFiles(api: TestApi): Promise<string[]> {
  try {
    const names = await readdir(path.join(api.config.dataDir, "uploads"), { recursive: true });
    return names
      .filter((name) => name.endsWith(".webp"))
      .map((name) => `uploads/${name.split(path.sep).join("/")}`)
      .sort();
  } catch {
    return [];
  }
}

/** The stored files of an image URL: the original and its 480/960/1600 variants. */
export function filesOf(imageUrl: string): string[] {
  const key = imageUrl.replace(/^\/storage\//, "");
  return [key, ...[480, 960, 1600].map((width) => key.replace(/\.webp$/, `-${width}.webp`))];
}
