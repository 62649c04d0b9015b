import type { Page } from "@playwright/test";
import sharp from "sharp";
import { adminApiDelete, adminApiPost, signInAsAdmin, uniqueTitle } from "./admin-support.ts";
import { expect, test } from "./fixtures.ts";

/** What search engines and link previews read of a page: JSON-LD, Open Graph and Twitter tags. */

type JsonLd = Record<string, unknown> & { "@type": string };

async function structuredData(page: Page): Promise<JsonLd[]> {
  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  return blocks.map((text) => JSON.parse(text) as JsonLd);
}

function ofType(blocks: JsonLd[], type: string): JsonLd {
  const found = blocks.filter((block) => block["@type"] === type);
  expect(found, `one ${type}`).toHaveLength(1);
  return found[0]!;
}

async function metaContent(page: Page, attribute: "property" | "name", key: string) {
  return page.locator(`meta[${attribute}="${key}"]`).getAttribute("content");
}

test("every page describes the organisation as an NGO", async ({ page, appUrl }) => {
  for (const path of ["/", "/about", "/contact", "/projects", "/login", "/no-such-page"]) {
    await page.goto(path);
    const ngo = ofType(await structuredData(page), "NGO");
    expect(ngo, path).toMatchObject({
      "@context": "https://schema.org",
      name: expect.any(String),
      url: `${appUrl}/`,
      logo: { url: `${appUrl}/logo.png` },
      telephone: expect.any(String),
      email: expect.stringContaining("@"),
      address: { "@type": "PostalAddress", streetAddress: expect.any(String) },
    });
  }
  const logo = await page.request.get(`${appUrl}/logo.png`);
  expect(logo.headers()["content-type"]).toBe("image/png");
  expect(await sharp(await logo.body()).metadata()).toMatchObject({ width: 512, height: 512 });
});

test("a news post is a NewsArticle with breadcrumbs and a 1200×630 social card from its cover", async ({
  page,
  apiUrl,
  appUrl,
  javaScriptEnabled,
}) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") violations.push(message.text());
  });
  await page.goto("/blog/first-borehole-in-the-valley");
  const title = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const blocks = await structuredData(page);
  const canonical = `${appUrl}/blog/first-borehole-in-the-valley`;

  const article = ofType(blocks, "NewsArticle");
  expect(article).toMatchObject({
    headline: title,
    description: expect.any(String),
    datePublished: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    dateModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    author: { "@type": "NGO", name: expect.any(String), url: `${appUrl}/` },
    publisher: { "@type": "NGO", logo: { url: `${appUrl}/logo.png` } },
    mainEntityOfPage: { "@id": canonical },
  });
  expect(ofType(blocks, "BreadcrumbList").itemListElement).toEqual([
    { "@type": "ListItem", position: 1, name: "Home", item: `${appUrl}/` },
    { "@type": "ListItem", position: 2, name: "News and Updates", item: `${appUrl}/blog` },
    { "@type": "ListItem", position: 3, name: title, item: canonical },
  ]);
  ofType(blocks, "NGO");

  const image = await metaContent(page, "property", "og:image");
  expect(image).toMatch(
    new RegExp(`^${appUrl}/cards/blog/first-borehole-in-the-valley\\.jpg\\?v=`),
  );
  expect((article.image as string[])[0]).toBe(image);
  expect(await metaContent(page, "property", "og:image:width")).toBe("1200");
  expect(await metaContent(page, "property", "og:image:height")).toBe("630");
  expect(await metaContent(page, "name", "twitter:card")).toBe("summary_large_image");
  expect(await metaContent(page, "name", "twitter:image")).toBe(image);

  const card = await page.request.get(image!, { headers: { "Accept-Encoding": "br, gzip" } });
  expect(card.headers()["content-type"]).toBe("image/jpeg");
  // A JPEG is sent as it is, never gzip or brotli of it.
  expect(card.headers()["content-encoding"]).toBeUndefined();
  const metadata = await sharp(await card.body()).metadata();
  expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);
  // Made from the post's cover: the same colours on average, not the teal title card.
  const post = await page.request.get(`${apiUrl}/api/blog/first-borehole-in-the-valley`, {
    headers: { Accept: "application/json" },
  });
  const cover = await page.request.get(new URL((await post.json()).image_url, appUrl).href);
  const means = async (bytes: Buffer) =>
    (await sharp(bytes).stats()).channels.slice(0, 3).map((channel) => channel.mean);
  const [cardMeans, coverMeans] = [await means(await card.body()), await means(await cover.body())];
  cardMeans.forEach((mean, channel) =>
    expect(Math.abs(mean - coverMeans[channel]!)).toBeLessThan(20),
  );

  if (javaScriptEnabled) expect(violations).toEqual([]);
});

test("a project without a cover gets a title card, and an old or unknown slug's card is handled", async ({
  page,
  request,
  apiUrl,
  appUrl,
}, testInfo) => {
  await signInAsAdmin(page, { apiUrl, appUrl });
  const entry = await adminApiPost<{ id: number; slug: string; title: string }>(
    page,
    { apiUrl, appUrl },
    "/api/projects",
    { title: uniqueTitle('Card <for> "everyone" & more', testInfo.project.name) },
  );
  try {
    const html = await (
      await request.get(`${appUrl}/projects/${entry.slug}`, { headers: { Cookie: "" } })
    ).text();
    const image = /<meta property="og:image" content="([^"]+)"/
      .exec(html)?.[1]
      ?.replaceAll("&amp;", "&");
    expect(image).toMatch(new RegExp(`^${appUrl}/cards/projects/${entry.slug}\\.jpg\\?v=`));
    const crumbs =
      /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList".*?)<\/script>/.exec(
        html,
      )?.[1];
    // The title's markup is escaped inside the script element, and the JSON still parses.
    expect(crumbs).not.toContain("<for>");
    expect(JSON.parse(crumbs!).itemListElement[2]).toMatchObject({
      position: 3,
      name: entry.title,
    });

    const card = await request.get(image!, { headers: { Cookie: "" } });
    expect(card.status()).toBe(200);
    const metadata = await sharp(await card.body()).metadata();
    expect([metadata.format, metadata.width, metadata.height]).toEqual(["jpeg", 1200, 630]);

    // By id, the card moves to the item's slug like its page does.
    const moved = await request.get(`${appUrl}/cards/projects/${entry.id}.jpg`, {
      maxRedirects: 0,
    });
    expect(moved.status()).toBe(301);
    expect(moved.headers()["location"]).toMatch(
      new RegExp(`^/cards/projects/${entry.slug}\\.jpg\\?v=`),
    );
  } finally {
    await adminApiDelete(page, { apiUrl, appUrl }, `/api/projects/${entry.id}`);
  }
  for (const path of [
    "/cards/projects/no-such-project.jpg",
    "/cards/projects/no-such-project.png",
    "/cards/widgets/anything.jpg",
  ]) {
    expect((await request.get(`${appUrl}${path}`)).status(), path).toBe(404);
  }
});
