import type { DB } from "../db/database.ts";
import type { EntryKind } from "../db/schema.ts";
import { entryText } from "./entries.ts";
import { renderArticleHtml } from "./entry-article.ts";
import { findEntry, type EntryWithImages } from "./entry-queries.ts";

/** What a preview shows as typed; every other field, the picture and the photos are the saved ones. */
export type PreviewChanges = {
  title?: string;
  article?: string;
  preview_text?: string;
  created_at?: string;
};

/**
 * An entry as it would read once `changes` were saved, saving nothing (record 054): its text as a
 * save makes it (`entryText`), the article rendered with the saved photos. Undefined when there is
 * no such entry.
 */
export async function previewEntry(
  db: DB,
  kind: EntryKind,
  id: number,
  changes: PreviewChanges,
): Promise<EntryWithImages | undefined> {
  const found = await findEntry(db, kind, { id }, { includeScheduled: true });
  if (!found) return undefined;
  const { entry, images } = found;
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
  };
}
