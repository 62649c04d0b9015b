import type { DB } from "../db/database.ts";
import { IMAGE_VARIANT_WIDTHS, variantKey } from "../media/images.ts";
import { publicStorageUrl } from "../media/storage.ts";
import { placeGalleryCodes } from "./entry-article.ts";
import { GALLERY_PLACEHOLDER } from "./gallery-codes.ts";
import { findGalleries, type GalleryWithImages } from "./galleries.ts";

/**
 * HTML with each gallery placeholder replaced by the gallery's grid as it is now; a gallery that
 * is gone (deleted, in the trash) or has no photos leaves nothing. Galleries are put in when the
 * HTML is read, not when it is saved, so a change to a gallery shows in every article and widget
 * that embeds it with nothing to refresh. HTML without a placeholder costs one string search.
 */
export async function embedGalleries(db: DB, html: string): Promise<string> {
  if (!html.includes("<!--gallery=")) return html;
  const ids = [...html.matchAll(GALLERY_PLACEHOLDER)].map((match) => Number(match[1]));
  const galleries = await findGalleries(db, ids);
  return html.replace(GALLERY_PLACEHOLDER, (_, id: string) => {
    const found = galleries.get(Number(id));
    return found ? galleryGrid(found) : "";
  });
}

/** An entry with its galleries in its `article_html`, for the reads that answer it. */
export async function withEmbeddedGalleries<T extends { article_html: string }>(
  db: DB,
  entry: T,
): Promise<T> {
  const html = await embedGalleries(db, entry.article_html);
  return html === entry.article_html ? entry : { ...entry, article_html: html };
}

/** A text widget's HTML as visitors read it: with the galleries its `[[gallery=N]]` codes name. */
export async function embedWidgetGalleries(db: DB, html: string): Promise<string> {
  if (!html.includes("[[gallery=")) return html;
  return embedGalleries(db, placeGalleryCodes(html));
}

/** How wide a photo of the grid shows: 2 a row on phones, 3 from 640 px. */
const GRID_SIZES = "(min-width: 80rem) 26rem, (min-width: 640px) 33vw, 50vw";

/**
 * The grid: a list named after the gallery, each photo a link to its full image (the lightbox
 * opens on it with JavaScript) with the photo's alt text as its caption, the caption a link
 * when the photo has one.
 */
function galleryGrid({ gallery, images }: GalleryWithImages): string {
  if (images.length === 0) return "";
  const items = images.map((image, index) => {
    const url = publicStorageUrl(image.path);
    const srcset = IMAGE_VARIANT_WIDTHS.map(
      (width) => `${escapeHtml(publicStorageUrl(variantKey(image.path, width)))} ${width}w`,
    ).join(", ");
    const alt = image.alt || `Photo ${index + 1} of ${images.length}`;
    return (
      `<li><figure>` +
      `<a class="gallery-photo" href="${escapeHtml(url)}">` +
      `<img src="${escapeHtml(url)}" srcset="${srcset}" sizes="${GRID_SIZES}"` +
      ` alt="${escapeHtml(alt)}" loading="lazy" decoding="async">` +
      `</a>${caption(image.alt, image.link)}</figure></li>`
    );
  });
  return (
    `<ul class="gallery-grid" data-gallery="${gallery.id}" aria-label="${escapeHtml(gallery.name)}">` +
    `${items.join("")}</ul>`
  );
}

function caption(alt: string, link: string): string {
  // Links are checked on save; an older one of another scheme is shown as no link.
  const href = /^https?:\/\//i.test(link) ? link : "";
  if (!alt && !href) return "";
  const text = escapeHtml(alt || href.replace(/^https?:\/\/(www\.)?/i, ""));
  return `<figcaption>${href ? `<a href="${escapeHtml(href)}">${text}</a>` : text}</figcaption>`;
}

function escapeHtml(value: string): string {
  return value
    .replaceAll("&", "&amp;")
    .replaceAll('"', "&quot;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;");
}
