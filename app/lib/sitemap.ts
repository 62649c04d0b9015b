import { escapeXml } from "./xml.ts";

/** One `<url>` of a sitemap: an absolute address and, when it is known, when it last changed. */
export type SitemapUrl = { loc: string; lastmod?: string | null };

/** The public pages of the site, in the order of the spec's route table (no sign-in or staff pages). */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/about",
  "/founders",
  "/donate",
  "/contact",
  "/projects",
  "/blog",
  "/opportunities",
  "/legal/cookies",
  "/legal/terms",
  "/legal/privacy",
] as const;

/** What the sitemaps protocol allows in one file; past it, `/sitemap.xml` becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

/** Consecutive slices of at most `size` items (none for no items). */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  if (!Number.isSafeInteger(size) || size < 1) throw new RangeError(`chunk size ${size}`);
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/**
 * A date of the API (ISO 8601, maybe with microseconds as Laravel writes them) as a W3C
 * date-time in UTC to the second, or null when it is no date: better no lastmod than a wrong one.
 */
export function w3cDateTime(date: string | null | undefined): string | null {
  if (!date) return null;
  const time = Date.parse(date);
  if (Number.isNaN(time)) return null;
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

/**
 * When an entry's page last changed: its last save, or its publication when that came later (a
 * post written ahead of its date did not exist for the public before it). Without a readable
 * updated_at (a backend that hides it), its publication date.
 */
export function entryLastModified(entry: {
  created_at: string | null;
  updated_at?: string | null;
}): string | null {
  const saved = Date.parse(entry.updated_at ?? "");
  const published = Date.parse(entry.created_at ?? "");
  if (Number.isNaN(saved)) return entry.created_at;
  return Number.isNaN(published) || saved > published ? entry.updated_at! : entry.created_at;
}

export function sitemapUrlset(urls: readonly SitemapUrl[]): string {
  const entries = urls.map(({ loc, lastmod }) => {
    const modified = w3cDateTime(lastmod);
    return `<url><loc>${escapeXml(loc)}</loc>${modified ? `<lastmod>${modified}</lastmod>` : ""}</url>`;
  });
  return `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NAMESPACE}">\n${entries.join("\n")}\n</urlset>\n`;
}

export function sitemapIndex(sitemapLocs: readonly string[]): string {
  const entries = sitemapLocs.map((loc) => `<sitemap><loc>${escapeXml(loc)}</loc></sitemap>`);
  return `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${entries.join("\n")}\n</sitemapindex>\n`;
}

/**
 * The address of the `part`-th file (one-based) of a split sitemap. It stays at the site's root,
 * as the protocol asks (a sitemap may only list addresses under its own folder): React Router
 * matches whole path segments, so the part is a query parameter rather than `/sitemap-N.xml`.
 */
export function sitemapPartUrl(appUrl: string, part: number): string {
  return `${appUrl}/sitemap.xml?page=${part}`;
}

/**
 * What `/sitemap.xml` answers: every URL in one urlset when they fit in `maxUrls`, else an index
 * of the parts; `?page=N` is the N-th part (only while there is more than one). Null: no such part.
 */
export function sitemapDocument(
  urls: readonly SitemapUrl[],
  {
    appUrl,
    part,
    maxUrls = SITEMAP_MAX_URLS,
  }: { appUrl: string; part: number | null; maxUrls?: number },
): string | null {
  if (urls.length <= maxUrls) return part === null ? sitemapUrlset(urls) : null;
  const parts = chunk(urls, maxUrls);
  if (part === null)
    return sitemapIndex(parts.map((_, index) => sitemapPartUrl(appUrl, index + 1)));
  const chosen = parts[part - 1];
  return chosen ? sitemapUrlset(chosen) : null;
}
