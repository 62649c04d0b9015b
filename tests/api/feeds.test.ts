// Unit tests of the documents the web tier writes for crawlers and feed readers (app/lib/xml.ts,
// sitemap.ts, rss.ts). They live in the api project, the one vitest runs; they need no API. Each
// document is read back with a real XML parser.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { newsFeedXml, rfc822Date, type NewsFeed } from "../../app/lib/rss.ts";
import {
  chunk,
  entryLastModified,
  sitemapDocument,
  sitemapUrlset,
  w3cDateTime,
  type SitemapUrl,
} from "../../app/lib/sitemap.ts";
import { escapeXml } from "../../app/lib/xml.ts";

const APP_URL = "https://www.example.org";
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["url", "sitemap", "item"].includes(name),
});

function parsed(xml: string) {
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

describe("escapeXml", () => {
  it("escapes the five special characters, & first so nothing is escaped twice", () => {
    expect(escapeXml(`<a href="x?b=1&c='2'">&amp;</a>`)).toBe(
      "&lt;a href=&quot;x?b=1&amp;c=&apos;2&apos;&quot;&gt;&amp;amp;&lt;/a&gt;",
    );
  });

  it("drops characters XML cannot hold and keeps every other one", () => {
    expect(escapeXml("a\u0000b\u0008c\u000Bd\u001Fe\uFFFEf\uFFFF\uD800g")).toBe("abcdefg");
    expect(escapeXml("tab\tline\nreturn\r é 中 😀 \u00A0")).toBe(
      "tab\tline\nreturn\r é 中 😀 \u00A0",
    );
  });

  it("gives back what it was given once a parser reads it, in text and in attributes", () => {
    const text = `Fish & chips <b>"quoted"</b> 'single' ]]> 😀`;
    const xml = `<root note="${escapeXml(text)}">${escapeXml(text)}</root>`;
    const root = parsed(xml).root;
    expect(root["#text"]).toBe(text);
    expect(root["@note"]).toBe(text);
  });
});

describe("chunk", () => {
  it("cuts a list into consecutive slices of at most the size", () => {
    expect(chunk([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunk([1, 2, 3, 4], 2)).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(chunk([], 3)).toEqual([]);
  });

  it("refuses a size that would never end", () => {
    expect(() => chunk([1], 0)).toThrow(RangeError);
  });
});

describe("the sitemap", () => {
  const urls: SitemapUrl[] = [
    { loc: `${APP_URL}/` },
    { loc: `${APP_URL}/projects/water?x=1&y=2`, lastmod: "2024-01-02T03:04:05.678Z" },
    // Laravel writes microseconds; a date that is no date gets no lastmod.
    { loc: `${APP_URL}/blog/news`, lastmod: "2024-05-06T07:08:09.000000Z" },
    { loc: `${APP_URL}/opportunities/mentor`, lastmod: "soon" },
  ];

  it("writes W3C date-times in UTC to the second", () => {
    expect(w3cDateTime("2024-03-05T10:15:00+02:00")).toBe("2024-03-05T08:15:00Z");
    expect(w3cDateTime(null)).toBeNull();
    expect(w3cDateTime("")).toBeNull();
  });

  it("dates an entry by its last save, or by its publication when that came later", () => {
    const saved = "2024-02-01T00:00:00.000Z";
    const published = "2024-03-01T00:00:00.000Z";
    expect(entryLastModified({ created_at: published, updated_at: saved })).toBe(published);
    expect(entryLastModified({ created_at: saved, updated_at: published })).toBe(published);
    // A backend that sends no updated_at: its publication date.
    expect(entryLastModified({ created_at: saved, updated_at: null })).toBe(saved);
    expect(entryLastModified({ created_at: saved, updated_at: "garbled" })).toBe(saved);
  });

  it("lists every URL with its lastmod when it fits in one file", () => {
    const xml = sitemapDocument(urls, { appUrl: APP_URL, part: null });
    const { urlset } = parsed(xml!);
    expect(urlset["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(urlset.url).toEqual([
      { loc: `${APP_URL}/` },
      { loc: `${APP_URL}/projects/water?x=1&y=2`, lastmod: "2024-01-02T03:04:05Z" },
      { loc: `${APP_URL}/blog/news`, lastmod: "2024-05-06T07:08:09Z" },
      { loc: `${APP_URL}/opportunities/mentor` },
    ]);
    expect(xml).toContain("x=1&amp;y=2");
    // No parts of a sitemap that is one file.
    expect(sitemapDocument(urls, { appUrl: APP_URL, part: 1 })).toBeNull();
  });

  it("becomes an index of parts at the site's root past the limit, each part a urlset", () => {
    const index = parsed(sitemapDocument(urls, { appUrl: APP_URL, part: null, maxUrls: 3 })!);
    expect(index.sitemapindex["@xmlns"]).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    expect(index.sitemapindex.sitemap).toEqual([
      { loc: `${APP_URL}/sitemap.xml?page=1` },
      { loc: `${APP_URL}/sitemap.xml?page=2` },
    ]);
    const first = parsed(sitemapDocument(urls, { appUrl: APP_URL, part: 1, maxUrls: 3 })!);
    const second = parsed(sitemapDocument(urls, { appUrl: APP_URL, part: 2, maxUrls: 3 })!);
    expect(first.urlset.url.map((url: SitemapUrl) => url.loc)).toEqual(
      urls.slice(0, 3).map((url) => url.loc),
    );
    expect(second.urlset.url.map((url: SitemapUrl) => url.loc)).toEqual([urls[3]!.loc]);
    expect(sitemapDocument(urls, { appUrl: APP_URL, part: 3, maxUrls: 3 })).toBeNull();
  });

  it("is exactly one file at the limit", () => {
    const xml = sitemapDocument(urls.slice(0, 3), { appUrl: APP_URL, part: null, maxUrls: 3 });
    expect(parsed(xml!).urlset.url).toHaveLength(3);
  });

  it("escapes addresses", () => {
    const xml = sitemapUrlset([{ loc: `${APP_URL}/a?<b>&'c'` }]);
    expect(parsed(xml).urlset.url[0].loc).toBe(`${APP_URL}/a?<b>&'c'`);
  });
});

describe("the news feed", () => {
  const post: NewsFeed["posts"][number] = {
    id: 7,
    title: `Fish & chips <script>alert("x")</script>`,
    slug: "fish-and-chips",
    url: "/blog/fish-and-chips",
    preview_text: "Tea & cake for 'everyone' <b>today</b>",
    image_url: "/storage/uploads/entries/cover.webp?v=1&w=2",
    created_at: "2024-01-01T09:30:00.000Z",
  };

  function feed(posts: NewsFeed["posts"] = [post], siteName = "Almoner & Co") {
    return parsed(newsFeedXml({ siteName, appUrl: APP_URL, language: "en-GB", posts })).rss;
  }

  it("is RSS 2.0 with the channel's title, link, description, language and self link", () => {
    const rss = feed();
    expect(rss["@version"]).toBe("2.0");
    const { channel } = rss;
    expect(channel.title).toBe("Almoner & Co – News and Updates");
    expect(channel.link).toBe(`${APP_URL}/blog`);
    expect(channel.description).toBe("News and updates from Almoner & Co.");
    expect(channel.language).toBe("en-GB");
    expect(channel["atom:link"]).toEqual({
      "@href": `${APP_URL}/blog/rss.xml`,
      "@rel": "self",
      "@type": "application/rss+xml",
    });
  });

  it("gives each post its title, link, guid, RFC 822 date, summary and picture, as written", () => {
    const [item] = feed().channel.item;
    expect(item).toEqual({
      title: post.title,
      link: `${APP_URL}/blog/fish-and-chips`,
      guid: { "#text": "blog-post-7@www.example.org", "@isPermaLink": "false" },
      pubDate: "Mon, 01 Jan 2024 09:30:00 GMT",
      description: "Tea &amp; cake for &#39;everyone&#39; &lt;b&gt;today&lt;/b&gt;",
      "media:content": {
        "@url": `${APP_URL}/storage/uploads/entries/cover.webp?v=1&w=2`,
        "@medium": "image",
      },
    });
  });

  it("escapes the summary for HTML, then XML, so readers show markup in it as text", () => {
    const xml = newsFeedXml({ siteName: "", appUrl: APP_URL, language: "en", posts: [post] });
    expect(xml).toContain(
      "<description>Tea &amp;amp; cake for &amp;#39;everyone&amp;#39; &amp;lt;b&amp;gt;today&amp;lt;/b&amp;gt;</description>",
    );
  });

  it("keeps a backend's absolute image address and leaves out what a post lacks", () => {
    const [item] = feed([
      { ...post, preview_text: null, image_url: "https://api.example.org/storage/a.webp" },
      { ...post, id: 8, image_url: null },
    ]).channel.item;
    expect(item["media:content"]["@url"]).toBe("https://api.example.org/storage/a.webp");
    expect(item).not.toHaveProperty("description");
    expect(feed([{ ...post, image_url: null }]).channel.item[0]).not.toHaveProperty(
      "media:content",
    );
  });

  it("is a valid channel without posts", () => {
    expect(feed([]).channel).not.toHaveProperty("item");
  });

  it("writes dates as RFC 822 wants them", () => {
    expect(rfc822Date("2024-03-05T10:15:00+02:00")).toBe("Tue, 05 Mar 2024 08:15:00 GMT");
    expect(rfc822Date("not a date")).toBeNull();
  });
});
