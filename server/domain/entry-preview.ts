import type { DB } from "../db/database.ts";
import type { EntryKind } from "../db/schema.ts";
import { articlePreview, renderArticleHtml } from "./entry-article.ts";
import { findEntry, type EntryWithImages } from "./entry-queries.ts";
import { sanitizeRichText } from "./rich-text.ts";

/** What a preview shows as typed; every other field, the picture and the photos are the saved ones. */
export type PreviewChanges = {
  title?: string;
  article?: string;
  preview_text?: string;
  created_at?: string;
};

/**
 * An entry as it would read once `changes` were saved, saving nothing (record 054): the article
 * cleaned and rendered with the saved photos as a save would do it, an empty preview text taken
 * from the article. Undefined when there is no such entry.
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
  const article = changes.article === undefined ? entry.article : sanitizeRichText(changes.article);
  const previewText = (changes.preview_text ?? entry.preview_text).trim();
  return {
    entry: {
      ...entry,
      title: changes.title ?? entry.title,
      article,
      article_html: renderArticleHtml(article, images),
      preview_text: previewText || articlePreview(article),
      created_at: changes.created_at ?? entry.created_at,
    },
    images,
  };
}
