import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { APIRequestContext } from "@playwright/test";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { E2E_ADMIN } from "./accounts.ts";
import { expect, test } from "./fixtures.ts";
import { rawGet } from "./raw-http.ts";
import {
  startStandInBackend,
  startWebTier,
  type StandInBackend,
  type WebTier,
} from "./stand-in.ts";

/**
 * The documents for crawlers and feed readers: /sitemap.xml, /robots.txt and /blog/rss.xml, as a
 * visitor without cookies gets them (a crawler sends none). HTTP only: the "http" project runs
 * this file (playwright.config.ts). Its tests run one after the other, so that none of them has
 * just had the web tier remember an API list another one is waiting to see change.
 */
test.describe.configure({ mode: "default" });

const PUBLIC_PAGES = [
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
];
const SEGMENTS = ["projects", "blog", "opportunities"] as const;
const SHARED_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  isArray: (name) => ["url", "sitemap", "item"].includes(name),
});

type Created = { id: number; title: string; slug: string; created_at: string; updated_at: string };
type FeedItem = {
  title: string;
  link: string;
  guid: { "#text": string; "@isPermaLink": string };
  pubDate: string;
  description?: string;
  "media:content"?: { "@url": string; "@medium": string };
};

/** A document parsed by a real XML parser, once it has passed its validator. */
function parsedXml(body: Buffer | string) {
  const xml = body.toString();
  expect(XMLValidator.validate(xml)).toBe(true);
  return parser.parse(xml);
}

/**
 * Fetched as a crawler does, without cookies. A query of its own is a key the render cache has
 * never seen (the routes read only `page`), so the document is built now, from API lists at most
 * a few seconds old, instead of waiting out a copy another request left.
 */
async function freshDocument(appUrl: string, path: string) {
  const answer = await rawGet(`${appUrl}${path}?fresh=${randomBytes(6).toString("hex")}`);
  expect(answer.status, path).toBe(200);
  return parsedXml(answer.body);
}

async function sitemapUrls(appUrl: string): Promise<Map<string, string | undefined>> {
  const { urlset } = await freshDocument(appUrl, "/sitemap.xml");
  return new Map(
    (urlset.url as { loc: string; lastmod?: string }[]).map((url) => [url.loc, url.lastmod]),
  );
}

async function feedItems(appUrl: string): Promise<FeedItem[]> {
  return (await freshDocument(appUrl, "/blog/rss.xml")).rss.channel.item ?? [];
}

/** Every published entry of a kind, asked of the API as a visitor, page after page. */
async function publishedUrls(apiUrl: string, appUrl: string, segment: string) {
  const urls: string[] = [];
  for (let page = 0; ; page += 1) {
    const response = await fetch(`${apiUrl}/api/${segment}?page=${page}&limit=100`, {
      headers: { Accept: "application/json" },
    });
    const body = (await response.json()) as { results: { slug: string }[]; total: number };
    urls.push(...body.results.map((item) => `${appUrl}/${segment}/${item.slug}`));
    if (body.results.length === 0 || urls.length >= body.total) return urls;
  }
}

/** The suite's admin, signed in at the API as the web tier would be, in a context of its own. */
async function adminApi(request: APIRequestContext, apiUrl: string, appUrl: string) {
  const base = {
    Accept: "application/json",
    "X-Requested-With": "XMLHttpRequest",
    Origin: appUrl,
    Referer: `${appUrl}/`,
  };
  const headers = async () => {
    const { cookies } = await request.storageState();
    const xsrf = cookies.find((cookie) => cookie.name === "XSRF-TOKEN");
    return { ...base, "X-XSRF-TOKEN": decodeURIComponent(xsrf?.value ?? "") };
  };
  expect((await request.get(`${apiUrl}/sanctum/csrf-cookie`, { headers: base })).status()).toBe(
    204,
  );
  const login = await request.post(`${apiUrl}/login`, {
    headers: await headers(),
    data: { ...E2E_ADMIN, remember: false },
  });
  expect(login.status()).toBe(200);
  return {
    async create(segment: string, title: string, createdAt?: string): Promise<Created> {
      const created = await request.post(`${apiUrl}/api/${segment}`, {
        headers: await headers(),
        data: { title },
      });
      expect(created.status()).toBe(201);
      const entry = (await created.json()) as Created;
      if (createdAt === undefined) return entry;
      const saved = await request.post(`${apiUrl}/api/${segment}/${entry.id}`, {
        headers: await headers(),
        multipart: { created_at: createdAt },
      });
      expect(saved.status()).toBe(200);
      return (await saved.json()) as Created;
    },
    async remove(segment: string, id: number) {
      const removed = await request.delete(`${apiUrl}/api/${segment}/${id}`, {
        headers: await headers(),
      });
      expect([204, 404]).toContain(removed.status());
    },
  };
}

test("the sitemap and the feed list exactly the published entries, a scheduled post from its time on", async ({
  playwright,
  appUrl,
  apiUrl,
}) => {
  test.setTimeout(90_000);
  const request = await playwright.request.newContext();
  const admin = await adminApi(request, apiUrl, appUrl);
  const made: [string, number][] = [];
  const tag = randomBytes(4).toString("hex");
  try {
    // Scheduled first: every document that lists the entries made after it was built after it too.
    const scheduledAt = Date.now() + 4_000;
    const scheduled = await admin.create(
      "blog",
      `Scheduled & <soon> ${tag}`,
      new Date(scheduledAt).toISOString(),
    );
    made.push(["blog", scheduled.id]);
    const project = await admin.create("projects", `Wells & pumps ${tag}`);
    made.push(["projects", project.id]);
    const post = await admin.create("blog", `Fish & chips <b>night</b> ${tag}`);
    made.push(["blog", post.id]);
    const opportunity = await admin.create("opportunities", `Mentor "reading" ${tag}`);
    made.push(["opportunities", opportunity.id]);
    const urlOf = (segment: string, entry: Created) => `${appUrl}/${segment}/${entry.slug}`;

    let sitemap = new Map<string, string | undefined>();
    let feed: FeedItem[] = [];
    let builtBy = 0;
    await expect
      .poll(async () => {
        [sitemap, feed] = await Promise.all([sitemapUrls(appUrl), feedItems(appUrl)]);
        builtBy = Date.now();
        return (
          [
            urlOf("projects", project),
            urlOf("blog", post),
            urlOf("opportunities", opportunity),
          ].every((url) => sitemap.has(url)) && feed.some((item) => item.title === post.title)
        );
      })
      .toBe(true);
    expect(builtBy, "the documents were read before the post's time").toBeLessThan(scheduledAt);
    expect(sitemap.has(urlOf("blog", scheduled))).toBe(false);
    expect(feed.map((item) => item.title)).not.toContain(scheduled.title);

    expect(sitemap.get(urlOf("projects", project))).toBe(
      new Date(project.updated_at).toISOString().replace(/\.\d{3}Z$/, "Z"),
    );
    const item = feed.find((candidate) => candidate.title === post.title)!;
    expect(item.link).toBe(urlOf("blog", post));
    expect(item.guid).toEqual({
      "#text": `blog-post-${post.id}@${new URL(appUrl).host}`,
      "@isPermaLink": "false",
    });
    expect(item.pubDate).toBe(new Date(post.created_at).toUTCString());

    // Its time comes: it is listed, with no one saving anything.
    await expect
      .poll(
        async () => {
          [sitemap, feed] = await Promise.all([sitemapUrls(appUrl), feedItems(appUrl)]);
          return (
            sitemap.has(urlOf("blog", scheduled)) &&
            feed.some((item) => item.title === scheduled.title)
          );
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    // Exactly what the API shows a visitor: the public pages, then every published entry, and
    // the newest 20 posts (another spec may be adding an entry: both are read again until equal).
    await expect(async () => {
      const [urls, items, ...lists] = await Promise.all([
        sitemapUrls(appUrl),
        feedItems(appUrl),
        ...SEGMENTS.map((segment) => publishedUrls(apiUrl, appUrl, segment)),
      ]);
      expect([...urls.keys()]).toEqual([
        ...PUBLIC_PAGES.map((path) => `${appUrl}${path}`),
        ...lists.flat(),
      ]);
      expect(items.map((entry) => entry.link)).toEqual(lists[1]!.slice(0, 20));
    }).toPass({ timeout: 20_000 });
  } finally {
    for (const [segment, id] of made) await admin.remove(segment, id);
    await request.dispose();
  }
});

test("robots.txt keeps crawlers out of the account, the staff's screens and sign-in, and names the sitemap", async ({
  appUrl,
}) => {
  const answer = await rawGet(`${appUrl}/robots.txt`);
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("text/plain; charset=utf-8");
  expect(answer.body.toString()).toBe(
    [
      "User-agent: *",
      "Disallow: /account",
      "Disallow: /admin",
      "Disallow: /login",
      "Disallow: /register",
      "Disallow: /forgot-password",
      "Disallow: /reset-password",
      "Disallow: /set-password",
      "Disallow: /two-factor-challenge",
      "Disallow: /confirm-password",
      "Disallow: /verify-email",
      "Disallow: /email/verify",
      "",
      `Sitemap: ${appUrl}/sitemap.xml`,
      "",
    ].join("\n"),
  );
});

test("the feed's channel names the site, its blog, its language and itself", async ({ appUrl }) => {
  const { rss } = parsedXml((await rawGet(`${appUrl}/blog/rss.xml`)).body);
  expect(rss["@version"]).toBe("2.0");
  expect(rss.channel).toMatchObject({
    title: "Almoner Foundation – News and Updates",
    link: `${appUrl}/blog`,
    language: "en-GB",
    "atom:link": { "@href": `${appUrl}/blog/rss.xml`, "@rel": "self" },
  });
  expect(rss.channel.item.length).toBeGreaterThan(0);
  expect(rss.channel.item.length).toBeLessThanOrEqual(20);
  // The demo posts have covers and summaries (a post another test just made may have neither).
  const demoPost = (rss.channel.item as FeedItem[]).find(
    (item) => item.link === `${appUrl}/blog/first-borehole-in-the-valley`,
  );
  expect(demoPost?.description).toEqual(expect.any(String));
  expect(demoPost?.["media:content"]?.["@url"]).toMatch(new RegExp(`^${appUrl}/storage/`));
});

for (const [path, type] of [
  ["/sitemap.xml", "application/xml; charset=utf-8"],
  ["/robots.txt", "text/plain; charset=utf-8"],
  ["/blog/rss.xml", "application/rss+xml; charset=utf-8"],
] as const) {
  test(`${path} comes from the render cache with its own type, encodings and tags`, async ({
    appUrl,
  }) => {
    const url = `${appUrl}${path}`;
    await rawGet(url);
    let answers: Record<"br" | "gzip" | "identity", Awaited<ReturnType<typeof rawGet>>>;
    await expect
      .poll(async () => {
        answers = {
          br: await rawGet(url, { "Accept-Encoding": "br" }),
          gzip: await rawGet(url, { "Accept-Encoding": "gzip" }),
          identity: await rawGet(url),
        };
        const { br, gzip, identity } = answers;
        // All three from one stored copy (a refresh between two of them renews the tags).
        return (
          [br, gzip, identity].every((answer) => answer.headers["x-render-cache"] === "hit") &&
          String(br.headers.etag) === String(identity.headers.etag).replace(/"$/, '-br"')
        );
      })
      .toBe(true);
    const { br, gzip, identity } = answers!;
    for (const answer of [br, gzip, identity]) {
      expect(answer.status).toBe(200);
      expect(answer.headers["content-type"]).toBe(type);
      expect(answer.headers["cache-control"]).toBe(SHARED_CACHE_CONTROL);
      expect(answer.headers.vary).toContain("Accept-Encoding");
      expect(answer.headers["set-cookie"]).toBeUndefined();
      expect(String(answer.headers["content-security-policy"])).not.toMatch(/'(nonce|sha256)-/);
    }
    expect(br.headers["content-encoding"]).toBe("br");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(brotliDecompressSync(br.body).equals(identity.body)).toBe(true);
    expect(gunzipSync(gzip.body).equals(identity.body)).toBe(true);
    if (path !== "/robots.txt") parsedXml(identity.body);

    const notModified = await rawGet(url, {
      "Accept-Encoding": "gzip",
      "If-None-Match": String(gzip.headers.etag),
    });
    expect(notModified.status).toBe(304);
    expect(notModified.body.byteLength).toBe(0);
  });
}

test("every page names the news feed for browsers and readers to find", async ({ appUrl }) => {
  for (const path of ["/", "/about", "/blog", "/projects/clean-water-healthy-homes", "/login"]) {
    const html = (await rawGet(`${appUrl}${path}`)).body.toString();
    const feedLinks = (html.match(/<link\b[^>]*>/g) ?? []).filter((link) =>
      link.includes('type="application/rss+xml"'),
    );
    expect(feedLinks, path).toHaveLength(1);
    expect(feedLinks[0], path).toMatch(/\brel="alternate"/);
    expect(feedLinks[0], path).toMatch(/\btitle="News and Updates"/);
    expect(feedLinks[0], path).toMatch(/\bhref="\/blog\/rss\.xml"/);
  }
});

test.describe("when the API fails", () => {
  let backend: StandInBackend;
  let site: WebTier;

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    // The lists of posts fail; everything else answers as usual.
    backend = await startStandInBackend(process.env.E2E_API_URL!, {
      answer: (pathname) =>
        pathname === "/api/blog" ? { status: 500, json: { message: "Server Error" } } : undefined,
    });
    site = await startWebTier(backend.url);
  });

  test.afterAll(async () => {
    await site?.close();
    await backend?.close();
  });

  test("the sitemap and the feed answer 503, never kept, rather than a document missing entries", async () => {
    for (const path of ["/sitemap.xml", "/blog/rss.xml"]) {
      for (let round = 0; round < 2; round += 1) {
        const answer = await rawGet(`${site.url}${path}`);
        expect(answer.status, path).toBe(503);
        // No cache keeps it (the web host answers every page it does not store `private, no-store`).
        expect(answer.headers["cache-control"], path).toMatch(/(^|,\s*)no-store(,|$)/);
        expect(answer.headers["x-render-cache"], path).toBeUndefined();
        expect(answer.headers["retry-after"], path).toBe("30");
      }
    }
    expect((await rawGet(`${site.url}/robots.txt`)).status).toBe(200);
  });
});
