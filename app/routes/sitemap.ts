import { sitemapResponse } from "../lib/feeds.server.ts";
import type { Route } from "./+types/sitemap";

/** The public pages and every published entry, for search engines (a resource route). */
export function loader({ context, url }: Route.LoaderArgs) {
  return sitemapResponse(context, url);
}
