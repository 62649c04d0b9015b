import { entrySegment, type Entry, type EntryImage, type EntrySummary } from "../domain/entries.ts";
import { imageUrl } from "./image-url.ts";

/**
 * An entry as its list shows it: `{id, title, slug, url, preview_text, image_url, created_at,
 * updated_at}` (updated_at as Laravel serialises it by default; the sitemap's lastmod).
 */
export function presentEntrySummary(entry: EntrySummary) {
  return {
    id: entry.id,
    title: entry.title,
    slug: entry.slug,
    url: `/${entrySegment(entry.kind)}/${entry.slug}`,
    preview_text: entry.preview_text,
    image_url: imageUrl(entry.image),
    created_at: entry.created_at,
    updated_at: entry.updated_at,
  };
}

/**
 * An entry's page: the list item's fields (built here in the same order rather than copied from
 * a second object) plus the article (source and rendered) and its images.
 */
export function presentEntry(entry: Entry, images: EntryImage[]) {
  return {
    id: entry.id,
    title: entry.title,
    slug: entry.slug,
    url: `/${entrySegment(entry.kind)}/${entry.slug}`,
    preview_text: entry.preview_text,
    image_url: imageUrl(entry.image),
    created_at: entry.created_at,
    updated_at: entry.updated_at,
    article: entry.article,
    article_html: entry.article_html,
    images: images.map(presentEntryImage),
  };
}

/**
 * An entry as an admin reads it: also the slugs it had before, whose URLs redirect to it (newest
 * first), and its version, which an edit form sends back (record 030). Only admins see them.
 */
export function presentEntryForAdmin(
  entry: Entry,
  images: EntryImage[],
  oldSlugs: string[],
  version: number,
) {
  return { ...presentEntry(entry, images), old_slugs: oldSlugs, version };
}

/** `short_code` is the token an editor pastes into the article to show the image at full width. */
export function presentEntryImage(image: EntryImage) {
  return {
    id: image.id,
    image_url: imageUrl(image.path),
    alt: image.alt,
    short_code: `[[image100=${image.id}]]`,
    order: image.position,
  };
}

export function presentEntryPage(entries: EntrySummary[], total: number) {
  return { results: entries.map(presentEntrySummary), total };
}
