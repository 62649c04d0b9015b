import type { Selectable } from "kysely";
import { LRUCache } from "lru-cache";
import type { DB } from "../db/database.ts";
import { preparedQuery, unplanned } from "../db/prepared-query.ts";
import { MAX_ID, type EntriesTable, type EntryKind } from "../db/schema.ts";
import { ENTRY_PHOTOS, photosOf, type Photo } from "../media/photos.ts";
import { oldSlugHolder, SLUG_PATTERN } from "./entry-slugs.ts";

export type Entry = Selectable<EntriesTable>;
export type EntryImage = Photo<"entry_images">;
export type EntrySummary = Pick<Entry, (typeof SUMMARY_COLUMNS)[number]>;
export type EntryKey = { id: number } | { name: string };
export type EntryWithImages = { entry: Entry; images: EntryImage[] };

/** The columns of a list item (entry-status.ts lists them for admins). */
export const SUMMARY_COLUMNS = [
  "id",
  "kind",
  "title",
  "slug",
  "preview_text",
  "image",
  "status",
  "created_at",
  "updated_at",
] as const;

/**
 * Whether the entries the public does not see count: drafts (record 031), and published entries
 * dated in the future. Those are scheduled: the public sees them from their `created_at` on
 * (dates are all stored by toISOString(), so comparing strings compares times). Admins see both.
 */
export type Visibility = { includeScheduled?: boolean };

/** How many entries of a kind there are, scheduled ones included or not. */
const entryCount = (includeScheduled: boolean) =>
  preparedQuery((db, kind: EntryKind, now: string) =>
    db
      .selectFrom("entries")
      .select((eb) => eb.fn.countAll<number | string>().as("total"))
      .where("kind", "=", kind)
      .$if(!includeScheduled, (qb) =>
        qb.where("status", "=", "published").where("created_at", "<=", now),
      ),
  );

/** A page of a kind's summaries: the blog newest first, the others in their drag order. */
const entryPage = (includeScheduled: boolean, newestFirst: boolean) =>
  preparedQuery((db, kind: EntryKind, now: string, limit: number, offset: number) => {
    const query = db
      .selectFrom("entries")
      .select(SUMMARY_COLUMNS)
      .where("kind", "=", unplanned(db, kind))
      .$if(!includeScheduled, (qb) =>
        qb.where("status", "=", "published").where("created_at", "<=", now),
      )
      .limit(unplanned(db, limit))
      .offset(unplanned(db, offset));
    return newestFirst
      ? query.orderBy("created_at", "desc").orderBy("id", "desc")
      : query.orderBy("position", "asc").orderBy("id", "asc");
  });

/** An entry of a kind by id or by slug. */
const entryByKey = (includeScheduled: boolean, key: "id" | "slug") =>
  preparedQuery((db, kind: EntryKind, value: number | string, now: string) =>
    db
      .selectFrom("entries")
      .selectAll()
      .where("kind", "=", kind)
      .where(key, "=", value)
      .$if(!includeScheduled, (qb) =>
        qb.where("status", "=", "published").where("created_at", "<=", now),
      ),
  );

const ENTRY_COUNT = { public: entryCount(false), all: entryCount(true) };
const ENTRY_PAGE = {
  public: { ordered: entryPage(false, false), newestFirst: entryPage(false, true) },
  all: { ordered: entryPage(true, false), newestFirst: entryPage(true, true) },
};
const ENTRY_BY_KEY = {
  public: { id: entryByKey(false, "id"), slug: entryByKey(false, "slug") },
  all: { id: entryByKey(true, "id"), slug: entryByKey(true, "slug") },
};

type PageRequest = { page: number; limit: number } & Visibility;
type EntryPage = { entries: EntrySummary[]; total: number };

/**
 * One page of a kind's entries and how many there are in all: projects and opportunities in
 * their drag order, the blog newest first. Two queries: the count, then the page (skipped when
 * the page lies past the end).
 */
export async function listEntries(
  db: DB,
  kind: EntryKind,
  { page, limit, includeScheduled = false }: PageRequest,
): Promise<EntryPage> {
  if (includeScheduled) return readEntryPage(db, kind, { page, limit, includeScheduled });
  // Never undefined: fetchMethod answers a page or throws.
  return (await publicPagesOf(db).fetch(`${kind} ${page} ${limit}`, {
    context: { kind, page, limit },
  }))!;
}

/**
 * The public pages of entries, kept for a second: in a burst of visitors the database reads each
 * page once a second instead of on every call (lru-cache shares one read among concurrent callers
 * and forgets a failed one). Any write through this process forgets them before it answers
 * (app.ts); a write through another instance shows within the second. Any ?page= a client asks
 * for is a key, hence the bound.
 */
const PUBLIC_PAGE_MS = 1_000;
type PageContext = { kind: EntryKind; page: number; limit: number };
const publicEntryPages = new WeakMap<DB, LRUCache<string, EntryPage, PageContext>>();

function publicPagesOf(db: DB): LRUCache<string, EntryPage, PageContext> {
  let pages = publicEntryPages.get(db);
  if (!pages) {
    pages = new LRUCache<string, EntryPage, PageContext>({
      max: 256,
      ttl: PUBLIC_PAGE_MS,
      // The clock that decides what is scheduled ages the pages too (and tests may move it).
      perf: { now: () => Date.now() },
      fetchMethod: (_key, _stale, { context }) => readEntryPage(db, context.kind, context),
    });
    publicEntryPages.set(db, pages);
  }
  return pages;
}

/**
 * After a write: the next public list reads the database again. A read under way still answers
 * its own callers (it belongs to the cache let go here, not to the next one).
 */
export function forgetPublicEntryPages(db: DB): void {
  publicEntryPages.delete(db);
}

async function readEntryPage(
  db: DB,
  kind: EntryKind,
  { page, limit, includeScheduled = false }: PageRequest,
): Promise<EntryPage> {
  const now = new Date().toISOString();
  const visibility = includeScheduled ? "all" : "public";
  const counted = await ENTRY_COUNT[visibility].first(db, kind, now);
  const count = Number(counted!.total);
  const offset = page * limit;
  if (offset >= count) return { entries: [], total: count };
  const order = kind === "blog" ? "newestFirst" : "ordered";
  const entries = await ENTRY_PAGE[visibility][order].all(db, kind, now, limit, offset);
  return { entries, total: count };
}

/**
 * An entry of `kind` by id or slug, with its images in their order; undefined when there is none.
 * A slug the entry had before a rename finds it too (its current slug tells the caller it moved).
 */
export async function findEntry(
  db: DB,
  kind: EntryKind,
  key: EntryKey,
  { includeScheduled = false }: Visibility = {},
): Promise<EntryWithImages | undefined> {
  if ("id" in key ? key.id > MAX_ID : !SLUG_PATTERN.test(key.name)) return undefined;
  const byKey = ENTRY_BY_KEY[includeScheduled ? "all" : "public"];
  const now = new Date().toISOString();
  let entry = await ("id" in key
    ? byKey.id.first(db, kind, key.id, now)
    : byKey.slug.first(db, kind, key.name, now));
  if (!entry && "name" in key) {
    const renamed = await oldSlugHolder(db, kind, key.name);
    if (renamed !== undefined) entry = await byKey.id.first(db, kind, renamed, now);
  }
  if (!entry) return undefined;
  return { entry, images: await photosOf(db, ENTRY_PHOTOS, entry.id) };
}
