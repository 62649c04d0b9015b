import type { DB } from "../db/database.ts";
import type { EntryKind, EntryStatus } from "../db/schema.ts";
import { type FieldErrors, ValidationError } from "../errors.ts";
import { deleteImage, ImageRejected, storeImage } from "../media/images.ts";
import {
  describePhoto,
  ENTRY_PHOTOS,
  orderPhotos,
  photosOf,
  type MediaContext,
} from "../media/photos.ts";
import { articlePreview, renderArticleHtml } from "./entry-article.ts";
import { findEntry, type Entry, type EntryImage, type EntryWithImages } from "./entry-queries.ts";
import {
  availableSlug,
  keepOldSlug,
  retryOnSlugRace,
  SLUG_TAKEN,
  slugify,
  slugTakenFrom,
} from "./entry-slugs.ts";
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

/** After a save: the entry's version, its newest revision (record 030). */
export type SavedEntry = EntryWithImages & { version: number };

/** What a revision of an entry keeps: its editable fields, its cover's key and its photos' order. */
export function entrySnapshot(entry: Entry, images: EntryImage[]): RevisionData {
  return {
    title: entry.title,
    slug: entry.slug,
    // A draft's date nobody chose is no content to bring back: publishing replaces it.
    ...(entry.date_chosen ? { created_at: entry.created_at } : {}),
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
export type EntryContext = MediaContext;

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
          date_chosen: status === "draft" ? 0 : 1,
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
  /** Whether someone chose the date, as an undone publish puts it back (record 059). */
  dateChosen?: boolean;
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
      cover = (
        await storeImage(storage, changes.image, { folder: ENTRY_PHOTOS.folder, field: "image" })
      ).key;
    } catch (error) {
      if (!(error instanceof ImageRejected)) throw error;
      errors[error.field] = [error.message];
    }
  }
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);

  const { article, preview_text: preview } = entryText(entry, changes);
  const newCover = cover ?? (changes.cover === undefined ? entry.image : changes.cover);
  const dated = entryDate(entry, changes);
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
      for (const { id: imageId, alt } of changes.photoAlts ?? [])
        await describePhoto(trx, ENTRY_PHOTOS, imageId, { alt }, id);
      if (changes.photoOrder || changes.photoAlts) {
        const current = await photosOf(trx, ENTRY_PHOTOS, id);
        const known = new Set(current.map((image) => image.id));
        const kept = (changes.photoOrder ?? []).filter((imageId) => known.has(imageId));
        await orderPhotos(trx, ENTRY_PHOTOS, current, kept);
        ordered = await photosOf(trx, ENTRY_PHOTOS, id);
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
          created_at: dated.created_at,
          date_chosen: dated.chosen ? 1 : 0,
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
 * An entry's article and preview text after `changes`: the article cleaned (`sanitizeRichText`),
 * an empty preview text taken from the start of the article. A save and a preview (record 054)
 * make them alike.
 */
export function entryText(
  entry: Pick<Entry, "article" | "preview_text">,
  changes: Pick<EntryChanges, "article" | "preview_text">,
): { article: string; preview_text: string } {
  const article = changes.article === undefined ? entry.article : sanitizeRichText(changes.article);
  const preview = (changes.preview_text ?? entry.preview_text).trim() || articlePreview(article);
  return { article, preview_text: preview };
}

/**
 * An entry's date after a save (record 052). A date that differs from the stored one is chosen by
 * staff. A draft whose date nobody chose is dated when it is published, unless that date is still
 * ahead; from then on its date stays, through Unpublish and Publish again.
 */
function entryDate(entry: Entry, changes: EntryChanges): { created_at: string; chosen: boolean } {
  if (changes.dateChosen !== undefined) {
    return { created_at: changes.created_at ?? entry.created_at, chosen: changes.dateChosen };
  }
  const typed = changes.created_at;
  if (typed !== undefined && Date.parse(typed) !== Date.parse(entry.created_at)) {
    return { created_at: typed, chosen: true };
  }
  const now = new Date().toISOString();
  const publishing = entry.status === "draft" && changes.status === "published";
  if (publishing && !entry.date_chosen && entry.created_at <= now) {
    return { created_at: now, chosen: true };
  }
  return { created_at: entry.created_at, chosen: Boolean(entry.date_chosen) || publishing };
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

/** Renders the entry's article again against its current images (an image's URL may have changed). */
export async function refreshArticleHtml(db: DB, entryId: number): Promise<void> {
  const entry = await db
    .selectFrom("entries")
    .select("article")
    .where("id", "=", entryId)
    .executeTakeFirst();
  if (!entry) return;
  const images = await photosOf(db, ENTRY_PHOTOS, entryId);
  await db
    .updateTable("entries")
    .set({ article_html: renderArticleHtml(entry.article, images) })
    .where("id", "=", entryId)
    .execute();
}
