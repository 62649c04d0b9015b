import type { SiteSettings } from "./api-types.ts";

/**
 * schema.org descriptions of the site as JSON-LD, for search engines and link previews: the
 * organisation on every page (the root layout, through `jsonLdText`), a breadcrumb trail on detail
 * pages and the article on news posts (React Router's `meta` renders those as
 * `<script type="application/ld+json">`, escaping them the same way).
 */

type JsonLd = Record<string, unknown>;

/** The square logo (app/routes/brand-logo.ts) that search engines show for the organisation. */
export const LOGO_PATH = "/logo.png";

export function organizationId(appUrl: string): string {
  return `${appUrl}/#organization`;
}

/** An `NGO`: name, address, telephone, email, logo and the social profiles the settings name. */
export function organizationJsonLd(settings: SiteSettings, appUrl: string): JsonLd {
  const profiles = [settings.social.facebook, settings.social.instagram, settings.social.twitter]
    .map((url) => url.trim())
    .filter((url) => /^https?:\/\//i.test(url));
  return omitEmpty({
    "@context": "https://schema.org",
    "@type": "NGO",
    "@id": organizationId(appUrl),
    name: settings.name,
    url: `${appUrl}/`,
    logo: logoJsonLd(appUrl),
    address: settings.address.trim()
      ? { "@type": "PostalAddress", streetAddress: settings.address.trim() }
      : undefined,
    telephone: settings.phone.trim(),
    email: settings.email.trim(),
    sameAs: profiles.length > 0 ? profiles : undefined,
  });
}

export type Crumb = { name: string; url: string };

/** Home → list → item, each step with its position, name and absolute URL. */
export function breadcrumbJsonLd(crumbs: Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: crumb.url,
    })),
  };
}

export type ArticleFacts = {
  headline: string;
  description: string;
  url: string;
  image: string;
  datePublished: string;
  dateModified?: string | null;
};

/** A news post: written and published by the organisation itself, which has no per-post author. */
export function newsArticleJsonLd(
  article: ArticleFacts,
  settings: SiteSettings,
  appUrl: string,
): JsonLd {
  const organization = {
    "@type": "NGO",
    "@id": organizationId(appUrl),
    name: settings.name,
    url: `${appUrl}/`,
    logo: logoJsonLd(appUrl),
  };
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    // Google reads at most 110 characters of a headline.
    headline:
      article.headline.length > 110 ? `${article.headline.slice(0, 109)}…` : article.headline,
    description: article.description,
    image: [article.image],
    datePublished: isoDate(article.datePublished),
    dateModified: isoDate(article.dateModified || article.datePublished),
    author: organization,
    publisher: organization,
    mainEntityOfPage: { "@type": "WebPage", "@id": article.url },
    url: article.url,
  };
}

function logoJsonLd(appUrl: string): JsonLd {
  return { "@type": "ImageObject", url: `${appUrl}${LOGO_PATH}`, width: 512, height: 512 };
}

function omitEmpty(object: JsonLd): JsonLd {
  return Object.fromEntries(
    Object.entries(object).filter(([, value]) => value !== undefined && value !== ""),
  );
}

/** An API date (Laravel may send `2024-05-01 10:00:00`, ours sends ISO) as ISO 8601, if it is one. */
function isoDate(value: string): string {
  const parsed = new Date(value.includes("T") ? value : value.replace(" ", "T"));
  return Number.isNaN(parsed.getTime()) ? value : parsed.toISOString();
}

const UNSAFE_IN_SCRIPT: Record<string, string> = {
  "<": "\\u003c",
  ">": "\\u003e",
  "&": "\\u0026",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/**
 * The text of a `<script type="application/ld+json">`: JSON in which no title can close the
 * element or open a comment (`<` and the like as `\u` escapes, which JSON reads back as they were).
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/[<>&\u2028\u2029]/g, (match) => UNSAFE_IN_SCRIPT[match]!);
}
