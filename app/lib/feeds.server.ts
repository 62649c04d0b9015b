import type { RouterContextProvider } from "react-router";
import {
  entryAddresses,
  EntryListItemSchema,
  pagedSchema,
  type EntryKind,
  type EntryListItem,
} from "./api-types.ts";
import { assertOk } from "./api.server.ts";
import type { WebConfig } from "./config.server.ts";
import { SITE_LOCALE } from "./locale.ts";
import { requestFactsContext, siteSettingsContext } from "./request-context.server.ts";
import { FEED_SIZE, newsFeedXml } from "./rss.ts";
import { getShared } from "./shared-data.server.ts";
import { absoluteUrl } from "./seo.ts";
import {
  entryLastModified,
  PUBLIC_PAGE_PATHS,
  sitemapDocument,
  type SitemapUrl,
} from "./sitemap.ts";

type Context = Readonly<RouterContextProvider>;
type Config = Pick<WebConfig, "apiUrl" | "appUrl" | "deadlineMs">;

/** As the pages stored by the render cache say (web/host.ts): a CDN may keep them as briefly. */
export const SHARED_CACHE_CONTROL = "public, max-age=5, stale-while-revalidate=30";

/** The most a list call may ask for (DESIGN §5), so the sitemap takes as few calls as it can. */
const API_PAGE_LIMIT = 100;

/**
 * One page of a public list, asked as a visitor without cookies whoever is asking: a signed-in
 * admin's session would bring in entries scheduled for later (record 008).
 */
async function publishedPage(
  config: Config,
  kind: EntryKind,
  page: number,
  limit: number,
  deadline?: AbortSignal,
): Promise<{ results: EntryListItem[]; total: number }> {
  const path = `/api/${kind}?page=${page}&limit=${limit}`;
  const result = await getShared(
    config,
    path,
    (api) => api.get(path, { schema: pagedSchema(EntryListItemSchema) }),
    deadline,
  );
  const { results, total } = assertOk(result, `The ${kind} list`);
  return { results: entryAddresses(kind, results), total };
}

/**
 * Every published entry of a kind, page after page until the total is reached or a page comes
 * back empty (a backend that caps `limit` lower still gets paged through to the end).
 */
export async function loadAllPublished(
  config: Config,
  kind: EntryKind,
  deadline?: AbortSignal,
): Promise<EntryListItem[]> {
  const items: EntryListItem[] = [];
  for (let page = 0; ; page += 1) {
    const { results, total } = await publishedPage(config, kind, page, API_PAGE_LIMIT, deadline);
    items.push(...results);
    if (results.length === 0 || items.length >= total) return items;
  }
}

/** The public pages, then every published project, post and opportunity, as absolute URLs. */
export async function loadSitemapUrls(
  config: Config,
  deadline?: AbortSignal,
): Promise<SitemapUrl[]> {
  const kinds: EntryKind[] = ["projects", "blog", "opportunities"];
  const lists = await Promise.all(kinds.map((kind) => loadAllPublished(config, kind, deadline)));
  const pages = PUBLIC_PAGE_PATHS.map((path) => ({ loc: absoluteUrl(config.appUrl, path) }));
  const entries = lists.flatMap((items) =>
    items.map((item) => ({
      loc: absoluteUrl(config.appUrl, item.url),
      lastmod: entryLastModified(item),
    })),
  );
  return [...pages, ...entries];
}

/** `/sitemap.xml`, or its `?page=N` part when there are too many URLs for one file. */
export async function sitemapResponse(context: Context, url: URL): Promise<Response> {
  const { config, deadline } = context.get(requestFactsContext);
  const requested = url.searchParams.get("page");
  const part = requested === null ? null : /^[1-9]\d{0,8}$/.test(requested) ? Number(requested) : 0;
  let xml: string | null = null;
  if (part !== 0) {
    try {
      xml = sitemapDocument(await loadSitemapUrls(config, deadline), {
        appUrl: config.appUrl,
        part,
      });
    } catch (error) {
      return unavailable("The sitemap", error);
    }
  }
  if (xml === null) return notFound();
  return xmlResponse(xml, "application/xml; charset=utf-8");
}

/** `/blog/rss.xml`: the newest posts, as the blog lists them. */
export async function newsFeedResponse(context: Context): Promise<Response> {
  const { config, deadline } = context.get(requestFactsContext);
  let posts: EntryListItem[];
  try {
    const newest = await publishedPage(config, "blog", 0, FEED_SIZE, deadline);
    posts = newest.results.slice(0, FEED_SIZE);
  } catch (error) {
    return unavailable("The news feed", error);
  }
  const xml = newsFeedXml({
    siteName: context.get(siteSettingsContext).name,
    appUrl: config.appUrl,
    language: SITE_LOCALE,
    posts,
  });
  return xmlResponse(xml, "application/rss+xml; charset=utf-8");
}

/** Paths a search engine has no business in: the account, the staff's screens and sign-in. */
export const ROBOTS_DISALLOWED = [
  "/account",
  "/admin",
  "/login",
  "/register",
  "/forgot-password",
  "/reset-password",
  "/set-password",
  "/two-factor-challenge",
  "/confirm-password",
  "/verify-email",
  "/email/verify",
] as const;

export function robotsResponse(context: Context): Response {
  const { config } = context.get(requestFactsContext);
  const lines = [
    "User-agent: *",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${absoluteUrl(config.appUrl, "/sitemap.xml")}`,
    "",
  ];
  return new Response(lines.join("\n"), {
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": SHARED_CACHE_CONTROL,
    },
  });
}

function xmlResponse(xml: string, contentType: string): Response {
  return new Response(xml, {
    headers: { "Content-Type": contentType, "Cache-Control": SHARED_CACHE_CONTROL },
  });
}

function notFound(): Response {
  return new Response("Not Found.", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": SHARED_CACHE_CONTROL },
  });
}

/**
 * A 503 that no cache keeps: a document with some lists missing would tell search engines and
 * readers that those entries are gone.
 */
function unavailable(what: string, error: unknown): Response {
  console.error(`${what} could not be built:`, error);
  return new Response("The service is unavailable. Please try again in a moment.", {
    status: 503,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "Retry-After": "30",
    },
  });
}
