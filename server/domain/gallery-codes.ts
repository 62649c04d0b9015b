import { MAX_ID } from "../db/schema.ts";

/** `[[gallery=N]]` (without its brackets): the gallery N, placed in an article or a text widget. */
const GALLERY_CODE = /^gallery=(\d{1,10})$/;

/**
 * Where a gallery goes in stored HTML: a comment, which no sanitized text can contain, so only
 * our renderer makes one, and which shows nothing should it ever reach a page unreplaced.
 */
export const GALLERY_PLACEHOLDER = /<!--gallery=(\d+)-->/g;

/** The placeholder for a short code that names a gallery (its brackets left off); else null. */
export function galleryPlaceholder(code: string): string | null {
  const match = GALLERY_CODE.exec(code);
  if (!match) return null;
  const id = Number(match[1]);
  // An id no row can have names no gallery; it stays a placeholder that renders nothing.
  return `<!--gallery=${id > MAX_ID ? 0 : id}-->`;
}
