import type { SiteSettings } from "./api-types.ts";

/**
 * schema.org descriptions of the site as JSON-LD, for search engines and link previews: the
 * organisation on every page, a breadcrumb trail on detail pages and the article on news posts.
 * React Router's `meta` renders each as `<script type="application/ld+json">`, escaping `<`, `>`
 * and `&`, so no text in them can close the element.
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
    datePublished: article.datePublished,
    dateModified: article.dateModified || article.datePublished,
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
