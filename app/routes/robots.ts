import { robotsResponse } from "../lib/feeds.server.ts";
import type { Route } from "./+types/robots";

/** What crawlers may visit, and where the sitemap is (a resource route). */
export function loader({ context }: Route.LoaderArgs) {
  return robotsResponse(context);
}
