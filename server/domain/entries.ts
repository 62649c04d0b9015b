import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import type { EntriesTable, EntryImagesTable, EntryKind } from "../db/schema.ts";

/**
 * Projects ("Our Focus"), blog posts and opportunities are one kind of record, an entry; they
 * differ only in their URL segment and in how their lists are ordered (DESIGN §5).
 */
export const ENTRY_SEGMENTS = {
  projects: "project",
  blog: "blog",
  opportunities: "opportunity",
} as const satisfies Record<string, EntryKind>;

export type EntrySegment = keyof typeof ENTRY_SEGMENTS;

const SEGMENT_OF_KIND: Record<EntryKind, EntrySegment> = {
  project: "projects",
  blog: "blog",
  opportunity: "opportunities",
};

/** The URL segment of a kind, under /api and on the site: project → "projects". */
export function entrySegment(kind: EntryKind): EntrySegment {
  return SEGMENT_OF_KIND[kind];
}

/** What every saved slug looks like; a key of any other shape names no entry. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Ids are 32-bit serials: a larger number names no entry (and PostgreSQL would reject it). */
const MAX_ID = 2_147_483_647;

export type Entry = Selectable<EntriesTable>;
export type EntryImage = Selectable<EntryImagesTable>;
export type EntrySummary = Pick<
  Entry,
  "id" | "kind" | "title" | "slug" | "preview_text" | "image" | "created_at"
>;
export type EntryKey = { id: number } | { name: string };

const SUMMARY_COLUMNS = [
  "id",
  "kind",
  "title",
  "slug",
  "preview_text",
  "image",
  "created_at",
] as const;

/**
 * One page of a kind's entries and how many there are in all: projects and opportunities in
 * their drag order, the blog newest first. Two queries: the count, then the page (skipped when
 * the page lies past the end).
 */
export async function listEntries(
  db: DB,
  kind: EntryKind,
  { page, limit }: { page: number; limit: number },
): Promise<{ entries: EntrySummary[]; total: number }> {
  const { total } = await db
    .selectFrom("entries")
    .select((eb) => eb.fn.countAll<number | string>().as("total"))
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  const count = Number(total);
  const offset = page * limit;
  if (offset >= count) return { entries: [], total: count };

  let query = db
    .selectFrom("entries")
    .select(SUMMARY_COLUMNS)
    .where("kind", "=", kind)
    .limit(limit)
    .offset(offset);
  query =
    kind === "blog"
      ? query.orderBy("created_at", "desc").orderBy("id", "desc")
      : query.orderBy("position", "asc").orderBy("id", "asc");
  return { entries: await query.execute(), total: count };
}

/** An entry of `kind` by id or slug, with its images in their order; undefined when there is none. */
export async function findEntry(
  db: DB,
  kind: EntryKind,
  key: EntryKey,
): Promise<{ entry: Entry; images: EntryImage[] } | undefined> {
  if ("id" in key ? key.id > MAX_ID : !SLUG_PATTERN.test(key.name)) return undefined;
  const entry = await db
    .selectFrom("entries")
    .selectAll()
    .where("kind", "=", kind)
    .where((eb) => ("id" in key ? eb("id", "=", key.id) : eb("slug", "=", key.name)))
    .executeTakeFirst();
  if (!entry) return undefined;
  const images = await db
    .selectFrom("entry_images")
    .selectAll()
    .where("entry_id", "=", entry.id)
    .orderBy("position", "asc")
    .orderBy("id", "asc")
    .execute();
  return { entry, images };
}
