import type { Selectable } from "kysely";
import type { DB } from "../db/database.ts";
import { preparedQuery, unplanned } from "../db/prepared-query.ts";
import {
  MAX_ID,
  type EntriesTable,
  type EntryImagesTable,
  type EntryKind,
  type EntryStatus,
} from "../db/schema.ts";
import { type FieldErrors, ValidationError } from "../errors.ts";
import { deleteImage, ImageRejected, rotateImage, storeImage } from "../media/images.ts";
import type { StorageDriver } from "../media/storage.ts";
import { articlePreview, renderArticleHtml } from "./entry-article.ts";
import { assertAllKnown, reorderWithin, savePositions } from "./ordering.ts";
import {
  keepRevision,
  releaseFiles,
  revisionTransaction,
  type RevisionData,
  type RevisionOptions,
} from "./revisions.ts";
import { sanitizeRichText } from "./rich-text.ts";
import { isUniqueViolation } from "./users.ts";

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

export type Entry = Selectable<EntriesTable>;
export type EntryImage = Selectable<EntryImagesTable>;
export type EntrySummary = Pick<Entry, (typeof SUMMARY_COLUMNS)[number]>;
export type EntryKey = { id: number } | { name: string };
export type EntryWithImages = { entry: Entry; images: EntryImage[] };
/** After a save: the entry's version, its newest revision (record 030). */
export type SavedEntry = EntryWithImages & { version: number };

/** What a revision of an entry keeps: its editable fields, its cover's key and its photos' order. */
export function entrySnapshot(entry: Entry, images: EntryImage[]): RevisionData {
  return {
    title: entry.title,
    slug: entry.slug,
    created_at: entry.created_at,
    image: entry.image,
    preview_text: entry.preview_text,
    article: entry.article,
    photo_order: images.map((image) => image.id),
    status: entry.status,
    // By photo id, so a new order is no change of description.
    photo_alts: Object.fromEntries(images.map((image) => [image.id, image.alt])),
  };
}

/** What the entry verbs need besides the database: where image files live. */
export type EntryContext = { db: DB; storage: StorageDriver };

/** Folder of entry covers and gallery pictures under uploads/. */
const IMAGE_FOLDER = "entries";

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

const IMAGES_OF_ENTRY = preparedQuery((db, entryId: number) =>
  db
    .selectFrom("entry_images")
    .selectAll()
    .where("entry_id", "=", unplanned(db, entryId))
    .orderBy("position", "asc")
    .orderBy("id", "asc"),
);

/**
 * One page of a kind's entries and how many there are in all: projects and opportunities in
 * their drag order, the blog newest first. Two queries: the count, then the page (skipped when
 * the page lies past the end).
 */
export function listEntries(
  db: DB,
  kind: EntryKind,
  { page, limit, includeScheduled = false }: { page: number; limit: number } & Visibility,
): Promise<EntryPage> {
  if (includeScheduled) return readEntryPage(db, kind, { page, limit, includeScheduled });
  return keptPublicPage(db, `${kind} ${page} ${limit}`, () =>
    readEntryPage(db, kind, { page, limit }),
  );
}

type EntryPage = { entries: EntrySummary[]; total: number };

/**
 * The public pages of entries, kept for a second: in a burst of visitors the database reads each
 * page once a second instead of on every call. Any write through this process forgets them before
 * it answers (app.ts); a write through another instance shows within the second.
 */
const PUBLIC_PAGE_MS = 1_000;
const publicEntryPages = new WeakMap<
  DB,
  Map<string, { storedAt: number; page: Promise<EntryPage> }>
>();

function keptPublicPage(db: DB, key: string, read: () => Promise<EntryPage>): Promise<EntryPage> {
  let pages = publicEntryPages.get(db);
  if (!pages) publicEntryPages.set(db, (pages = new Map()));
  const now = Date.now();
  const kept = pages.get(key);
  if (kept && now - kept.storedAt < PUBLIC_PAGE_MS) return kept.page;
  // Any ?page= a client asks for is a key: past a few hundred, start again.
  if (pages.size >= 256) pages.clear();
  const entry = { storedAt: now, page: read() };
  pages.set(key, entry);
  entry.page.catch(() => {
    if (pages.get(key) === entry) pages.delete(key);
  });
  return entry.page;
}

/** After a write: the next public list reads the database again (a read under way still answers its own caller). */
export function forgetPublicEntryPages(db: DB): void {
  publicEntryPages.delete(db);
}

async function readEntryPage(
  db: DB,
  kind: EntryKind,
  { page, limit, includeScheduled = false }: { page: number; limit: number } & Visibility,
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
  return { entry, images: await imagesOf(db, entry.id) };
}

function imagesOf(db: DB, entryId: number): Promise<EntryImage[]> {
  return IMAGES_OF_ENTRY.all(db, entryId);
}

const SLUG_TAKEN = "The slug has already been taken.";

const FOLDED_LETTERS: Record<string, string> = {
  ß: "ss",
  æ: "ae",
  œ: "oe",
  ø: "o",
  đ: "d",
  ð: "d",
  ł: "l",
  þ: "th",
  ı: "i",
};

const SLUG_MAX_LENGTH = 100;

/**
 * The URL form of a title: lower-case ASCII letters and digits joined by single hyphens, accents
 * dropped ("Écoles d'été" → "ecoles-d-ete"), at most 100 characters, ending on a whole word;
 * "item" when nothing is left.
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[ßæœøđðłþı]/g, (letter) => FOLDED_LETTERS[letter] ?? "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= SLUG_MAX_LENGTH) return slug || "item";
  // Cut at the last hyphen at or before the limit, so the slug ends on a whole word; a first
  // word longer than the limit is cut inside it.
  const cut = slug.lastIndexOf("-", SLUG_MAX_LENGTH);
  return slug.slice(0, cut > 0 ? cut : SLUG_MAX_LENGTH);
}

/**
 * `base`, or `base-2`, `base-3`… whichever no other entry of the kind holds, as its slug or as
 * an old slug that still redirects to it.
 */
export async function availableSlug(
  db: DB,
  kind: EntryKind,
  base: string,
  exceptId?: number,
): Promise<string> {
  const rows = await db
    .selectFrom("entries")
    .select("slug")
    .where("kind", "=", kind)
    .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
    .$if(exceptId !== undefined, (qb) => qb.where("id", "!=", exceptId!))
    .unionAll(
      db
        .selectFrom("entry_old_slugs")
        .select("slug")
        .where("kind", "=", kind)
        .where((eb) => eb.or([eb("slug", "=", base), eb("slug", "like", `${base}-%`)]))
        .$if(exceptId !== undefined, (qb) => qb.where("entry_id", "!=", exceptId!)),
    )
    .execute();
  const taken = new Set(rows.map((row) => row.slug));
  if (!taken.has(base)) return base;
  let n = 2;
  while (taken.has(`${base}-${n}`)) n += 1;
  return `${base}-${n}`;
}

async function slugHolder(db: DB, kind: EntryKind, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("entries")
    .select("id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.id;
}

/** The entry an old slug of the kind redirects to. */
async function oldSlugHolder(db: DB, kind: EntryKind, slug: string): Promise<number | undefined> {
  const row = await db
    .selectFrom("entry_old_slugs")
    .select("entry_id")
    .where("kind", "=", kind)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return row?.entry_id;
}

/** Whether an entry other than `id` holds the slug, as its own or as an old one. */
async function slugTakenFrom(db: DB, kind: EntryKind, slug: string, id: number): Promise<boolean> {
  const holders = [await slugHolder(db, kind, slug), await oldSlugHolder(db, kind, slug)];
  return holders.some((holder) => holder !== undefined && holder !== id);
}

/** The slugs an entry had before, newest first: their URLs lead to it. */
export async function oldSlugsOf(db: DB, entryId: number): Promise<string[]> {
  const rows = await db
    .selectFrom("entry_old_slugs")
    .select("slug")
    .where("entry_id", "=", entryId)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .execute();
  return rows.map((row) => row.slug);
}

/**
 * Stops an old slug of an entry from redirecting, which frees it for other entries. False when
 * the entry (of that kind) keeps no such slug.
 */
export async function removeOldSlug(
  db: DB,
  kind: EntryKind,
  entryId: number,
  slug: string,
): Promise<boolean> {
  if (entryId > MAX_ID || !SLUG_PATTERN.test(slug)) return false;
  const removed = await db
    .deleteFrom("entry_old_slugs")
    .where("kind", "=", kind)
    .where("entry_id", "=", entryId)
    .where("slug", "=", slug)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

/**
 * After an entry's slug changed from `previous`: the old one redirects to it from now on, and
 * one of its own old slugs taken back stops redirecting (it would lead to itself).
 */
async function keepOldSlug(
  db: DB,
  entry: Pick<Entry, "id" | "kind">,
  previous: string,
  current: string,
): Promise<void> {
  await db
    .deleteFrom("entry_old_slugs")
    .where("entry_id", "=", entry.id)
    .where("slug", "=", current)
    .execute();
  await db
    .insertInto("entry_old_slugs")
    .values({
      entry_id: entry.id,
      kind: entry.kind,
      slug: previous,
      created_at: new Date().toISOString(),
    })
    .execute();
}

/**
 * Runs `attempt` again when it lost a race for a unique slug: another save took the slug it
 * found free before its own insert or update landed.
 */
async function retryOnSlugRace<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries += 1) {
    try {
      return await attempt();
    } catch (error) {
      if (!isUniqueViolation(error) || tries >= 10) throw error;
    }
  }
}

/**
 * A new entry with a slug made from its title, unique within its kind; a new project or
 * opportunity goes to the end of the drag order.
 */
export async function createEntry(
  db: DB,
  kind: EntryKind,
  { title, status = "published" }: { title: string; status?: EntryStatus },
): Promise<Entry> {
  const base = slugify(title);
  return retryOnSlugRace(() =>
    db.transaction().execute(async (trx) => {
      const slug = await availableSlug(trx, kind, base);
      const now = new Date().toISOString();
      return trx
        .insertInto("entries")
        .values({
          kind,
          title,
          slug,
          article: "",
          article_html: "",
          preview_text: "",
          image: null,
          status,
          position: kind === "blog" ? 0 : await nextEntryPosition(trx, kind),
          created_at: now,
          updated_at: now,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
    }),
  );
}

async function nextEntryPosition(db: DB, kind: EntryKind): Promise<number> {
  const { last } = await db
    .selectFrom("entries")
    .select((eb) => eb.fn.max<number | null>("position").as("last"))
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  return last === null ? 0 : Number(last) + 1;
}

/**
 * The fields an admin's save may change; each one left undefined keeps its value. An empty
 * slug is made afresh from the title; an empty preview_text is taken from the article.
 */
export type EntryChanges = {
  title?: string;
  slug?: string;
  article?: string;
  preview_text?: string;
  created_at?: string;
  /** A new cover picture, as uploaded. */
  image?: Buffer;
  /** A cover already stored (a restored revision's), or null for none. */
  cover?: string | null;
  /** The photos' ids in their new order (a restored revision's); ids no longer there are skipped. */
  photoOrder?: number[];
  /** Publish or unpublish with the save (record 031). */
  status?: EntryStatus;
  /** The photos' descriptions (a restored revision's); ids no longer there are skipped. */
  photoAlts?: { id: number; alt: string }[];
};

/**
 * Saves an admin's changes to an entry: the article sanitized and rendered, a new cover stored
 * (and the old one's files removed); a changed slug keeps the old one as a redirect. Throws a 422
 * when the slug belongs to another entry of the kind, now or as an old slug, or the cover is not
 * an image we accept. Undefined when there is no such entry.
 */
export async function updateEntry(
  { db, storage }: EntryContext,
  kind: EntryKind,
  id: number,
  changes: EntryChanges,
  revision?: RevisionOptions,
): Promise<SavedEntry | undefined> {
  const found = await findEntry(db, kind, { id }, { includeScheduled: true });
  if (!found) return undefined;
  const { entry, images } = found;

  const title = changes.title ?? entry.title;
  let slug = changes.slug ?? entry.slug;
  const errors: FieldErrors = {};
  if (changes.slug === "") slug = await availableSlug(db, kind, slugify(title), id);
  else if (slug !== entry.slug && (await slugTakenFrom(db, kind, slug, id)))
    errors.slug = [SLUG_TAKEN];

  let cover: string | null = null;
  if (changes.image && !errors.slug) {
    try {
      cover = (await storeImage(storage, changes.image, { folder: IMAGE_FOLDER, field: "image" }))
        .key;
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      errors[error.field] = [error.message];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const article = changes.article === undefined ? entry.article : sanitizeRichText(changes.article);
  const preview = (changes.preview_text ?? entry.preview_text).trim() || articlePreview(article);
  const newCover = cover ?? (changes.cover === undefined ? entry.image : changes.cover);
  let saved: SavedEntry;
  let pruned: string[] = [];
  try {
    saved = await revisionTransaction(db, kind, id, async (trx) => {
      const now = new Date().toISOString();
      // Locks the row and reads the slug as it is now, should another save have renamed it since.
      const { slug: previous } = await trx
        .updateTable("entries")
        .set({ updated_at: now })
        .where("id", "=", id)
        .returning("slug")
        .executeTakeFirstOrThrow();
      if (slug !== previous) {
        if (await slugTakenFrom(trx, kind, slug, id))
          throw ValidationError.field("slug", SLUG_TAKEN);
        await keepOldSlug(trx, entry, previous, slug);
      }
      let ordered = images;
      for (const { id: imageId, alt } of changes.photoAlts ?? []) {
        await trx
          .updateTable("entry_images")
          .set({ alt })
          .where("id", "=", imageId)
          .where("entry_id", "=", id)
          .execute();
      }
      if (changes.photoOrder || changes.photoAlts) {
        const current = await imagesOf(trx, id);
        const known = new Set(current.map((image) => image.id));
        const order = reorderWithin(
          current.map((image) => image.id),
          (changes.photoOrder ?? []).filter((imageId) => known.has(imageId)),
        );
        await savePositions(trx, "entry_images", current, order);
        ordered = await imagesOf(trx, id);
      }
      const row = await trx
        .updateTable("entries")
        .set({
          title,
          slug,
          article,
          article_html: renderArticleHtml(article, ordered),
          preview_text: preview,
          image: newCover,
          status: changes.status ?? entry.status,
          created_at: changes.created_at ?? entry.created_at,
          updated_at: now,
        })
        .where("id", "=", id)
        .returningAll()
        .executeTakeFirstOrThrow();
      let version = 0;
      if (revision) {
        const kept = await keepRevision(
          trx,
          kind,
          id,
          { before: entrySnapshot(entry, images), after: entrySnapshot(row, ordered) },
          revision,
        );
        version = kept.version;
        pruned = kept.pruned;
      }
      return { entry: row, images: ordered, version };
    });
  } catch (error) {
    if (cover) await deleteImage(storage, cover);
    if (isUniqueViolation(error)) throw ValidationError.field("slug", SLUG_TAKEN);
    throw error;
  }
  // An old cover stays while a revision names it.
  await releaseFiles(db, storage, [newCover === entry.image ? null : entry.image, ...pruned]);
  return saved;
}

/**
 * Puts a kind's entries in the order of `ids` (all of them, or one page of them: see
 * reorderWithin). Throws a 422 under `items` for an id that is not an entry of the kind.
 */
export async function reorderEntries(db: DB, kind: EntryKind, ids: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom("entries")
      .select(["id", "position"])
      .where("kind", "=", kind)
      .orderBy("position", "asc")
      .orderBy("id", "asc")
      .execute();
    assertAllKnown("items", ids, rows);
    await savePositions(
      trx,
      "entries",
      rows,
      reorderWithin(
        rows.map((row) => row.id),
        ids,
      ),
    );
  });
}

/** An image of an entry of `kind`, with that entry's id; undefined when there is none. */
async function findEntryImage(db: DB, kind: EntryKind, imageId: number) {
  if (imageId > MAX_ID) return undefined;
  return db
    .selectFrom("entry_images")
    .innerJoin("entries", "entries.id", "entry_images.entry_id")
    .selectAll("entry_images")
    .where("entries.kind", "=", kind)
    .where("entry_images.id", "=", imageId)
    .executeTakeFirst();
}

/** Renders the entry's article again against its current images (an image's URL may have changed). */
export async function refreshArticleHtml(db: DB, entryId: number): Promise<void> {
  const entry = await db
    .selectFrom("entries")
    .select("article")
    .where("id", "=", entryId)
    .executeTakeFirst();
  if (!entry) return;
  const images = await imagesOf(db, entryId);
  await db
    .updateTable("entries")
    .set({ article_html: renderArticleHtml(entry.article, images) })
    .where("id", "=", entryId)
    .execute();
}

/**
 * Adds a picture at the end of an entry's gallery. Throws a 422 under `file` when it is not an
 * image we accept.
 */
export async function addEntryImage(
  { db, storage }: EntryContext,
  entry: Pick<Entry, "id">,
  { file, alt = "" }: { file: Buffer; alt?: string },
): Promise<EntryImage> {
  let stored;
  try {
    stored = await storeImage(storage, file, { folder: IMAGE_FOLDER, field: "file" });
  } catch (error) {
    if (error instanceof ImageRejected) throw ValidationError.field(error.field, error.message);
    throw error;
  }
  try {
    return await db.transaction().execute(async (trx) => {
      const { last } = await trx
        .selectFrom("entry_images")
        .select((eb) => eb.fn.max<number | null>("position").as("last"))
        .where("entry_id", "=", entry.id)
        .executeTakeFirstOrThrow();
      const image = await trx
        .insertInto("entry_images")
        .values({
          entry_id: entry.id,
          path: stored.key,
          alt,
          position: last === null ? 0 : Number(last) + 1,
          width: stored.width,
          height: stored.height,
          created_at: new Date().toISOString(),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await refreshArticleHtml(trx, entry.id);
      return image;
    });
  } catch (error) {
    await deleteImage(storage, stored.key);
    throw error;
  }
}

/**
 * Puts an entry's pictures in the order of `imageIds` and answers the entry. Throws a 422 under
 * `images` for an id that is not one of its pictures; undefined when there is no such entry.
 */
export async function reorderEntryImages(
  { db, storage }: EntryContext,
  kind: EntryKind,
  entryId: number,
  imageIds: number[],
  revision?: RevisionOptions,
): Promise<SavedEntry | undefined> {
  if (entryId > MAX_ID) return undefined;
  let pruned: string[] = [];
  const version = await revisionTransaction(db, kind, entryId, async (trx) => {
    const found = await findEntry(trx, kind, { id: entryId }, { includeScheduled: true });
    if (!found) return undefined;
    assertAllKnown("images", imageIds, found.images);
    const order = reorderWithin(
      found.images.map((image) => image.id),
      imageIds,
    );
    await savePositions(trx, "entry_images", found.images, order);
    await refreshArticleHtml(trx, entryId);
    if (!revision) return 0;
    const byId = new Map(found.images.map((image) => [image.id, image]));
    const kept = await keepRevision(
      trx,
      kind,
      entryId,
      {
        before: entrySnapshot(found.entry, found.images),
        after: entrySnapshot(
          found.entry,
          order.map((id) => byId.get(id)!),
        ),
      },
      revision,
    );
    pruned = kept.pruned;
    return kept.version;
  });
  if (version === undefined) return undefined;
  await releaseFiles(db, storage, pruned);
  const found = await findEntry(db, kind, { id: entryId }, { includeScheduled: true });
  return found && { ...found, version };
}

/**
 * Turns a picture 90° clockwise under new file names. Undefined when there is no such picture
 * (or its file is gone).
 */
export async function rotateEntryImage(
  { db, storage }: EntryContext,
  kind: EntryKind,
  imageId: number,
): Promise<EntryImage | undefined> {
  const image = await findEntryImage(db, kind, imageId);
  if (!image) return undefined;
  if (!(await storage.exists(image.path))) return undefined;
  const rotated = await rotateImage(storage, image.path);
  const saved = await db.transaction().execute(async (trx) => {
    const row = await trx
      .updateTable("entry_images")
      .set({ path: rotated.key, width: rotated.width, height: rotated.height })
      .where("id", "=", imageId)
      .returningAll()
      .executeTakeFirst();
    await refreshArticleHtml(trx, image.entry_id);
    return row;
  });
  // Deleted while it was turning: its new files belong to nothing.
  if (!saved) await deleteImage(storage, rotated.key);
  return saved;
}
