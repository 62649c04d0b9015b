import type { EntryListItem } from "./api-types.ts";
import { absoluteUrl } from "./seo.ts";
import { escapeHtml, escapeXml } from "./xml.ts";

/** How many of the newest posts the feed carries. */
export const FEED_SIZE = 20;
export const FEED_PATH = "/blog/rss.xml";

export type NewsFeed = {
  siteName: string;
  appUrl: string;
  language: string;
  posts: readonly Pick<
    EntryListItem,
    "id" | "title" | "slug" | "url" | "preview_text" | "image_url" | "created_at"
  >[];
};

/** The title readers list the feed under, and the one the pages' alternate link gives. */
export function newsFeedTitle(siteName: string): string {
  return siteName ? `${siteName} – News and Updates` : "News and Updates";
}

/** A date as RFC 822 wants it (`Mon, 01 Jan 2024 09:30:00 GMT`), or null when it is no date. */
export function rfc822Date(date: string | null): string | null {
  const time = Date.parse(date ?? "");
  return Number.isNaN(time) ? null : new Date(time).toUTCString();
}

function element(name: string, text: string): string {
  return `<${name}>${escapeXml(text)}</${name}>`;
}

/** The blog as an RSS 2.0 document; every text and address is escaped here. */
export function newsFeedXml({ siteName, appUrl, language, posts }: NewsFeed): string {
  const host = new URL(appUrl).host;
  const items = posts.map((post) => {
    const link = absoluteUrl(appUrl, post.url);
    const published = rfc822Date(post.created_at);
    const lines = [
      element("title", post.title),
      element("link", link),
      // By id, not by address: a post whose slug is edited stays the same post for readers. A
      // backend that sends no id (spec §3's list item) leaves its address as the only name.
      post.id === null
        ? `<guid isPermaLink="true">${escapeXml(link)}</guid>`
        : `<guid isPermaLink="false">${escapeXml(`blog-post-${post.id}@${host}`)}</guid>`,
      published ? element("pubDate", published) : "",
      // Readers render <description> as HTML: the plain summary is escaped for HTML, then XML,
      // so `<b>` in it shows as written instead of turning bold.
      post.preview_text ? element("description", escapeHtml(post.preview_text)) : "",
      // An <enclosure> must give the file's length in bytes, which the list does not know (and
      // length="0" would be a false statement readers may act on); Media RSS needs only the URL.
      post.image_url
        ? `<media:content url="${escapeXml(absoluteUrl(appUrl, post.image_url))}" medium="image"/>`
        : "",
    ];
    return `<item>${lines.join("")}</item>`;
  });
  const blogUrl = absoluteUrl(appUrl, "/blog");
  const channel = [
    element("title", newsFeedTitle(siteName)),
    element("link", blogUrl),
    element("description", `News and updates from ${siteName || "the foundation"}.`),
    element("language", language),
    `<atom:link href="${escapeXml(absoluteUrl(appUrl, FEED_PATH))}" rel="self" type="application/rss+xml"/>`,
    ...items,
  ];
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">',
    `<channel>\n${channel.join("\n")}\n</channel>`,
    "</rss>",
    "",
  ].join("\n");
}
