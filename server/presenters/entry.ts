import { entrySegment } from "../domain/entries.ts";
import type { Entry, EntryImage, EntrySummary } from "../domain/entry-queries.ts";
import { listedStatus } from "../domain/entry-status.ts";
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
 * An entry as an admin reads it: also its status (draft, scheduled or published, record 031), the
 * slugs it had before, whose URLs redirect to it (newest first), and its version, which an edit
 * form sends back (record 030). Only admins see them.
 */
export function presentEntryForAdmin(
  entry: Entry,
  images: EntryImage[],
  oldSlugs: string[],
  version: number,
) {
  return {
    ...presentEntry(entry, images),
    status: listedStatus(entry),
    // A draft's date nobody chose becomes the day it is published (record 052).
    date_chosen: entry.date_chosen === 1,
    old_slugs: oldSlugs,
    version,
  };
}

/** What an admin's create answers: the new entry, with its status. */
export function presentCreatedEntry(entry: Entry) {
  return { ...presentEntry(entry, []), status: listedStatus(entry) };
}

/**
 * An entry as it would read with what an admin typed (record 054): the page's fields and the
 * status it would have once saved. No version: nothing was saved.
 */
export function presentEntryPreview(
  entry: Entry,
  images: EntryImage[],
  chosenImageUrl: string | null,
) {
  const presented = presentEntry(entry, images);
  return {
    ...presented,
    image_url: chosenImageUrl ?? presented.image_url,
    status: listedStatus(entry),
  };
}

/** An admin's list (record 031): each item also says whether it is a draft, scheduled or published. */
export function presentAdminEntryPage(entries: EntrySummary[], total: number) {
  const now = new Date().toISOString();
  return {
    results: entries.map((entry) => ({
      ...presentEntrySummary(entry),
      status: listedStatus(entry, now),
    })),
    total,
  };
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
