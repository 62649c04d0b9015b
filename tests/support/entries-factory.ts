import { randomBytes } from "node:crypto";
import type { DB } from "../../server/db/database.ts";
import type { EntryKind } from "../../server/db/schema.ts";
import type { Entry, EntryImage } from "../../server/domain/entry-queries.ts";

let counter = 0;

/** Inserts an entry as an admin's save would leave it; every field can be overridden. */
export async function createEntry(
  db: DB,
  kind: EntryKind,
  overrides: Partial<Omit<Entry, "id" | "kind">> = {},
): Promise<Entry> {
  counter += 1;
  const now = new Date().toISOString();
  const slug = overrides.slug ?? `${kind}-${counter}-${randomBytes(3).toString("hex")}`;
  return db
    .insertInto("entries")
    .values({
      kind,
      title: `Entry ${counter}`,
      slug,
      article: `<p>About ${slug}</p>`,
      article_html: `<p>About ${slug}</p>`,
      preview_text: `About ${slug}`,
      image: null,
      position: 0,
      created_at: now,
      updated_at: now,
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function createEntryImage(
  db: DB,
  entry: Pick<Entry, "id">,
  overrides: Partial<Omit<EntryImage, "id" | "entry_id">> = {},
): Promise<EntryImage> {
  counter += 1;
  return db
    .insertInto("entry_images")
    .values({
      entry_id: entry.id,
      path: `uploads/entries/${randomBytes(16).toString("hex")}.webp`,
      alt: `Picture ${counter}`,
      position: 0,
      created_at: new Date().toISOString(),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}
