import type { MetaDescriptor } from "react-router";
import type { RootLoaderData } from "./root-data.ts";

type MetaContext = {
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;
  location: { pathname: string };
};

export type PageDescription = {
  /** Defaults to the organisation's name (the home page). */
  title?: string;
  description: string;
  image?: string | null;
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

/** A project, post or opportunity page: title, description and share image from the item. */
export function entryPageMeta(
  context: MetaContext,
  entry:
    | {
        title: string;
        preview_text: string | null;
        image_url: string | null;
        images?: { image_url: string }[];
      }
    | undefined,
): MetaDescriptor[] {
  if (!entry) return [];
  return pageMeta(context, {
    title: entry.title,
    description: entry.preview_text || entry.title,
    // Without a cover, its first photo is still better than no picture when shared.
    image: entry.image_url ?? entry.images?.[0]?.image_url ?? null,
    type: "article",
  });
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
  const image = page.image ? absoluteUrl(appUrl, page.image) : null;
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
