import { MAX_ID, type EntryKind } from "../db/schema.ts";
import {
  entrySnapshot,
  findEntry,
  refreshArticleHtml,
  type Entry,
  type EntryContext,
  type EntryImage,
} from "./entries.ts";
import {
  keepRevision,
  releaseFiles,
  revisionTransaction,
  type RevisionOptions,
} from "./revisions.ts";

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
  if (imageId > MAX_ID) return undefined;
  const owner = await db
    .selectFrom("entry_images")
    .innerJoin("entries", "entries.id", "entry_images.entry_id")
    .select("entry_images.entry_id")
    .where("entries.kind", "=", kind)
    .where("entry_images.id", "=", imageId)
    .executeTakeFirst();
  if (!owner) return undefined;
  let pruned: string[] = [];
  const described = await revisionTransaction(db, kind, owner.entry_id, async (trx) => {
    const found = await findEntry(trx, kind, { id: owner.entry_id }, { includeScheduled: true });
    const before = found?.images.find((image) => image.id === imageId);
    if (!found || !before) return undefined;
    const image =
      alt === undefined || alt === before.alt
        ? before
        : await trx
            .updateTable("entry_images")
            .set({ alt })
            .where("id", "=", imageId)
            .returningAll()
            .executeTakeFirstOrThrow();
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
