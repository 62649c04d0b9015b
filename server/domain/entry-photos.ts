import { MAX_ID, type EntryKind } from "../db/schema.ts";
import type { DB } from "../db/database.ts";
import { notFound } from "../errors.ts";
import {
  addPhoto,
  describePhoto,
  ENTRY_PHOTOS,
  findPhoto,
  orderPhotos,
  rotatePhoto,
} from "../media/photos.ts";
import {
  entrySnapshot,
  refreshArticleHtml,
  type EntryContext,
  type SavedEntry,
} from "./entries.ts";
import { findEntry, type Entry, type EntryImage } from "./entry-queries.ts";
import {
  keepRevision,
  releaseFiles,
  revisionTransaction,
  type RevisionOptions,
} from "./revisions.ts";

/*
 * An entry's photos are kept by server/media/photos.ts like a gallery's; what is the entry's own
 * is here: its article shows them (so it is rendered again after each change), and a new order or
 * description is kept as a revision of the entry.
 */

/** A photo of an entry of `kind`; undefined when there is none. */
async function photoOfKind(db: DB, kind: EntryKind, imageId: number) {
  const photo = await findPhoto(db, ENTRY_PHOTOS, imageId);
  const owner =
    photo && (await findEntry(db, kind, { id: photo.entry_id }, { includeScheduled: true }));
  return owner ? photo : undefined;
}

/**
 * Adds a picture at the end of an entry's gallery. Throws a 422 under `file` when it is not an
 * image we accept, a 404 when the entry was deleted meanwhile.
 */
export async function addEntryImage(
  ctx: EntryContext,
  entry: Pick<Entry, "id">,
  upload: { file: Buffer; alt?: string },
): Promise<EntryImage> {
  const image = await addPhoto(ctx, ENTRY_PHOTOS, entry.id, upload, refreshArticleHtml);
  if (!image) throw notFound();
  return image;
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
    const order = await orderPhotos(trx, ENTRY_PHOTOS, found.images, imageIds);
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
  ctx: EntryContext,
  kind: EntryKind,
  imageId: number,
): Promise<EntryImage | undefined> {
  const image = await photoOfKind(ctx.db, kind, imageId);
  return image && rotatePhoto(ctx, ENTRY_PHOTOS, image, refreshArticleHtml);
}

/** A photo of an entry after its description was saved, with the entry it belongs to. */
export type DescribedEntryImage = { image: EntryImage; entry: Entry; version: number };

/**
 * Saves what an entry's photo shows (its `alt`), as an admin describes it in the photo grid:
 * the article's embedded copies and the carousel say it from then on. A change is kept as a
 * revision of the entry (its snapshot holds every photo's alt). Undefined when the photo is not
 * one of an entry of `kind`.
 */
export async function describeEntryImage(
  { db, storage }: EntryContext,
  kind: EntryKind,
  imageId: number,
  { alt }: { alt?: string },
  revision?: RevisionOptions,
): Promise<DescribedEntryImage | undefined> {
  const owner = await photoOfKind(db, kind, imageId);
  if (!owner) return undefined;
  let pruned: string[] = [];
  const described = await revisionTransaction(db, kind, owner.entry_id, async (trx) => {
    const found = await findEntry(trx, kind, { id: owner.entry_id }, { includeScheduled: true });
    const before = found?.images.find((image) => image.id === imageId);
    if (!found || !before) return undefined;
    const image =
      alt === undefined || alt === before.alt
        ? before
        : await describePhoto(trx, ENTRY_PHOTOS, imageId, { alt });
    if (!image) return undefined;
    if (image !== before) await refreshArticleHtml(trx, owner.entry_id);
    let version = 0;
    if (revision) {
      const images = found.images.map((photo) => (photo.id === imageId ? image : photo));
      const kept = await keepRevision(
        trx,
        kind,
        owner.entry_id,
        {
          before: entrySnapshot(found.entry, found.images),
          after: entrySnapshot(found.entry, images),
        },
        revision,
      );
      version = kept.version;
      pruned = kept.pruned;
    }
    return { image, entry: found.entry, version };
  });
  await releaseFiles(db, storage, pruned);
  return described;
}
