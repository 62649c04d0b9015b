/**
 * `[[imageW=ID]]` with a width the API renders (server/domain/entry-article.ts): the photo ID of
 * the entry shown in its article at W %. Other widths render nothing there.
 */
const EMBEDDED_PHOTO = /\[\[image(?:100|80|66|50|33)=(\d+)\]\]/g;

/** The photos of an entry its article does not already show: the public carousel's. */
export function photosNotInArticle<T extends { id: number }>(
  images: T[],
  article: string | null | undefined,
): T[] {
  if (!article?.includes("[[image")) return images;
  const shown = new Set([...article.matchAll(EMBEDDED_PHOTO)].map((match) => Number(match[1])));
  return images.filter((image) => !shown.has(image.id));
}
