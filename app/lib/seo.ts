import type { MetaDescriptor } from "react-router";
import type { EntryKind } from "./api-types.ts";
import type { RootLoaderData } from "./root-data.ts";
import { breadcrumbJsonLd, newsArticleJsonLd } from "./structured-data.ts";

type MetaContext = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

export type PageDescription = {
  /** Defaults to the organisation's name (the home page). */
  title?: string;
  description: string;
  /** A path or URL; with its size when known (a social card). */
  image?: string | { url: string; width: number; height: number; alt: string } | null;
  type?: "website" | "article";
  /** Path and search of the canonical URL when it is not just the current path. */
  canonicalPath?: string;
};

export function rootDataFrom(matches: MetaContext["matches"]): RootLoaderData | undefined {
  const root = matches.find((match) => match?.id === "root");
  return root?.loaderData as RootLoaderData | undefined;
}

/**
 * A URL as others must see it: an absolute URL (a Laravel backend's image on its own host) stays
 * as it is; a path is resolved against APP_URL.
 */
export function absoluteUrl(appUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return appUrl ? new URL(pathOrUrl, `${appUrl}/`).href : pathOrUrl;
}

/** What each kind's list is called on the site, the middle step of a detail page's breadcrumbs. */
const LIST_NAMES: Record<EntryKind, string> = {
  projects: "Our Focus",
  blog: "News and Updates",
  opportunities: "Opportunities",
};

type EntryFacts = {
  title: string;
  slug: string;
  preview_text: string | null;
  created_at?: string | null;
  updated_at?: string | null;
};

/**
 * A project, post or opportunity page: title, description, its social card (a 1200×630 picture
 * made from its cover or its title, social-card.server.ts) and its breadcrumbs; a news post also
 * describes itself as a NewsArticle.
 */
export function entryPageMeta(
  context: MetaContext,
  kind: EntryKind,
  entry: EntryFacts | undefined,
  cardPath: string | undefined,
): MetaDescriptor[] {
  if (!entry) return [];
  const root = rootDataFrom(context.matches);
  const appUrl = root?.appUrl ?? "";
  const description = entry.preview_text || entry.title;
  const tags = pageMeta(context, {
    title: entry.title,
    description,
    image: cardPath ? { url: cardPath, width: 1200, height: 630, alt: entry.title } : null,
    type: "article",
  });
  const canonical = absoluteUrl(appUrl, context.location.pathname);
  tags.push({
    "script:ld+json": breadcrumbJsonLd([
      { name: "Home", url: absoluteUrl(appUrl, "/") },
      { name: LIST_NAMES[kind], url: absoluteUrl(appUrl, `/${kind}`) },
      { name: entry.title, url: canonical },
    ]),
  });
  if (kind === "blog" && root && cardPath && entry.created_at) {
    tags.push({
      "script:ld+json": newsArticleJsonLd(
        {
          headline: entry.title,
          description,
          url: canonical,
          image: absoluteUrl(appUrl, cardPath),
          datePublished: entry.created_at,
          dateModified: entry.updated_at,
        },
        root.settings,
        appUrl,
      ),
    });
  }
  return tags;
}

/** Title, description, canonical URL, Open Graph and Twitter tags for one page. */
export function pageMeta(
  { matches, location }: MetaContext,
  page: PageDescription,
): MetaDescriptor[] {
  const root = rootDataFrom(matches);
  const siteName = root?.settings.name ?? "";
  const pageTitle = page.title ?? siteName;
  const title = siteName && pageTitle !== siteName ? `${pageTitle} | ${siteName}` : pageTitle;
  const appUrl = root?.appUrl ?? "";
  const canonicalPath = page.canonicalPath ?? location.pathname;
  const canonical = absoluteUrl(appUrl, canonicalPath);
  const shareImage = typeof page.image === "string" ? { url: page.image } : page.image;
  const image = shareImage ? absoluteUrl(appUrl, shareImage.url) : null;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:site_name", content: siteName },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: page.description },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: pageTitle },
    { name: "twitter:description", content: page.description },
  ];
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  if (shareImage && "width" in shareImage) {
    tags.push(
      { property: "og:image:width", content: String(shareImage.width) },
      { property: "og:image:height", content: String(shareImage.height) },
      { property: "og:image:alt", content: shareImage.alt },
      { name: "twitter:image:alt", content: shareImage.alt },
    );
  }
  return tags;
}

/** Account, admin and sign-in screens: a title, kept out of search engines. */
export function privatePageMeta(
  { matches }: Pick<MetaContext, "matches">,
  title: string,
): MetaDescriptor[] {
  const siteName = rootDataFrom(matches)?.settings.name;
  return [
    { title: siteName ? `${title} | ${siteName}` : title },
    { name: "robots", content: "noindex" },
  ];
}
