import type { DB } from "../db/database.ts";
import type { EntryKind } from "../db/schema.ts";
import { ValidationError } from "../errors.ts";
import { ImageRejected, previewImage } from "../media/images.ts";
import { entryText } from "./entries.ts";
import { renderArticleHtml } from "./entry-article.ts";
import { findEntry, type EntryWithImages } from "./entry-queries.ts";

/** What a preview shows as typed; every other field and the photos are the saved ones. */
export type PreviewChanges = {
  title?: string;
  article?: string;
  preview_text?: string;
  created_at?: string;
  /** A picture chosen and not saved (record 058). */
  image?: Buffer;
};

export type EntryPreview = EntryWithImages & {
  /** The chosen picture as a `data:` URL, when there is one. */
  chosenImageUrl: string | null;
};

/**
 * An entry as it would read once `changes` were saved, saving nothing (record 054): its text as a
 * save makes it (`entryText`), the article rendered with the saved photos, a chosen picture
 * checked as a save checks it (422 under `image`) and shown without being stored. Undefined when
 * there is no such entry.
 */
export async function previewEntry(
  db: DB,
  kind: EntryKind,
  id: number,
  changes: PreviewChanges,
): Promise<EntryPreview | undefined> {
  const found = await findEntry(db, kind, { id }, { includeScheduled: true });
  if (!found) return undefined;
  const { entry, images } = found;
  let chosenImageUrl: string | null = null;
  if (changes.image) {
    try {
      chosenImageUrl = await previewImage(changes.image, "image");
    } catch (error) {
      if (error instanceof ImageRejected) throw ValidationError.field(error.field, error.message);
      throw error;
    }
  }
  const text = entryText(entry, changes);
  return {
    entry: {
      ...entry,
      ...text,
      title: changes.title ?? entry.title,
      article_html: renderArticleHtml(text.article, images),
      created_at: changes.created_at ?? entry.created_at,
    },
    images,
    chosenImageUrl,
  };
}
