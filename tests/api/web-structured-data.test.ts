// Unit tests of the web tier's JSON-LD builders and social cards (app/lib/structured-data.ts,
// app/lib/social-card.server.ts). They live in the api project, which runs the unit tests.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import type { SiteSettings } from "../../app/lib/api-types.ts";
import { socialCard, titleCardSvg, wrap } from "../../app/lib/social-card.server.ts";
import {
  breadcrumbJsonLd,
  jsonLdText,
  newsArticleJsonLd,
  organizationJsonLd,
} from "../../app/lib/structured-data.ts";

const APP_URL = "https://charity.example";

const settings: SiteSettings = {
  name: "Almoner Foundation",
  phone: "+44 20 7946 0000",
  whatsapp: "",
  email: "hello@charity.example",
  address: "1 High Street, London",
  donateUrl: "",
  social: { facebook: "https://facebook.com/almoner", instagram: "", twitter: " " },
  editable: true,
};

describe("organizationJsonLd", () => {
  it("describes the NGO with its contact details, logo and social profiles", () => {
    expect(organizationJsonLd(settings, APP_URL)).toEqual({
      "@context": "https://schema.org",
      "@type": "NGO",
      "@id": "https://charity.example/#organization",
      name: "Almoner Foundation",
      url: "https://charity.example/",
      logo: {
        "@type": "ImageObject",
        url: "https://charity.example/logo.png",
        width: 512,
        height: 512,
      },
      address: { "@type": "PostalAddress", streetAddress: "1 High Street, London" },
      telephone: "+44 20 7946 0000",
      email: "hello@charity.example",
      sameAs: ["https://facebook.com/almoner"],
    });
  });

  it("leaves out what the settings leave empty, and anything that is not a web address", () => {
    const sparse = organizationJsonLd(
      {
        ...settings,
        phone: "",
        email: "",
        address: "  ",
        social: { facebook: "", instagram: "javascript:alert(1)", twitter: "" },
      },
      APP_URL,
    );
    expect(Object.keys(sparse).sort()).toEqual(["@context", "@id", "@type", "logo", "name", "url"]);
  });
});

describe("breadcrumbJsonLd", () => {
  it("numbers each step from 1 with its name and address", () => {
    expect(
      breadcrumbJsonLd([
        { name: "Home", url: `${APP_URL}/` },
        { name: "News and Updates", url: `${APP_URL}/blog` },
        { name: "A post", url: `${APP_URL}/blog/a-post` },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${APP_URL}/` },
        { "@type": "ListItem", position: 2, name: "News and Updates", item: `${APP_URL}/blog` },
        { "@type": "ListItem", position: 3, name: "A post", item: `${APP_URL}/blog/a-post` },
      ],
    });
  });
});

describe("newsArticleJsonLd", () => {
  const article = {
    headline: "First borehole in the valley",
    description: "Clean water for 400 families.",
    url: `${APP_URL}/blog/first-borehole`,
    image: `${APP_URL}/cards/blog/first-borehole.jpg?v=abc`,
    datePublished: "2026-03-01T09:00:00.000Z",
  };

  it("carries Google's required and recommended properties, the organisation as author and publisher", () => {
    const json = newsArticleJsonLd(
      { ...article, dateModified: "2026-03-02T10:00:00.000Z" },
      settings,
      APP_URL,
    );
    expect(json).toMatchObject({
      "@context": "https://schema.org",
      "@type": "NewsArticle",
      headline: article.headline,
      description: article.description,
      image: [article.image],
      datePublished: article.datePublished,
      dateModified: "2026-03-02T10:00:00.000Z",
      author: { "@type": "NGO", name: "Almoner Foundation", url: `${APP_URL}/` },
      publisher: {
        "@type": "NGO",
        name: "Almoner Foundation",
        logo: { url: `${APP_URL}/logo.png` },
      },
      mainEntityOfPage: { "@type": "WebPage", "@id": article.url },
    });
  });

  it("falls back to the publication date when the backend sends no modification date", () => {
    expect(newsArticleJsonLd(article, settings, APP_URL)).toMatchObject({
      dateModified: article.datePublished,
    });
  });

  it("writes a Laravel date as ISO 8601", () => {
    const json = newsArticleJsonLd(
      { ...article, datePublished: "2026-03-01 09:00:00" },
      settings,
      APP_URL,
    );
    expect(json.datePublished).toBe(new Date("2026-03-01T09:00:00").toISOString());
  });

  it("shortens a headline past Google's 110 characters", () => {
    const json = newsArticleJsonLd({ ...article, headline: "word ".repeat(40) }, settings, APP_URL);
    expect((json.headline as string).length).toBe(110);
  });
});

describe("social cards", () => {
  it("wraps a title on at most three lines, the rest cut with an ellipsis", () => {
    expect(wrap("Clean water for healthy homes", 30, 3)).toEqual(["Clean water for healthy homes"]);
    const lines = wrap("a ".repeat(80), 30, 3);
    expect(lines).toHaveLength(3);
    expect(lines.every((line) => line.length <= 30)).toBe(true);
    expect(lines[2]).toMatch(/…$/);
    expect(wrap("x".repeat(70), 30, 3)).toEqual([`${"x".repeat(29)}…`]);
  });

  it("escapes a title for the SVG, so markup in it stays text", () => {
    const svg = titleCardSvg(`</text><script>alert(1)</script>`, "A & B");
    expect(svg).not.toContain("<script>");
    expect(svg).toContain("&lt;/text&gt;&lt;script&gt;");
    expect(svg).toContain("A &amp; B");
  });

  it("renders an item without a cover as a 1200×630 JPEG", async () => {
    const card = await socialCard({
      title: "Reading mentors wanted in three schools",
      siteName: "Almoner Foundation",
      coverUrl: null,
      apiUrl: "http://127.0.0.1:9",
    });
    const metadata = await sharp(card).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
  });

  it("falls back to the title card when the cover cannot be read", async () => {
    const card = await socialCard({
      title: "A cover that is gone",
      siteName: "Almoner Foundation",
      coverUrl: "/storage/uploads/entries/0123456789abcdef0123456789abcdef.webp",
      apiUrl: "http://127.0.0.1:9",
    });
    const metadata = await sharp(card).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
  });
});

describe("jsonLdText", () => {
  it("writes JSON that no text can break out of the script element with, and that reads back the same", () => {
    const data = { name: "</script><script>alert(1)</script> & <!-- \u2028" };
    const text = jsonLdText(data);
    expect(text).not.toMatch(/[<>&\u2028]/);
    expect(JSON.parse(text)).toEqual(data);
  });
});
