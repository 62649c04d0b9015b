import { newsFeedResponse } from "../lib/feeds.server.ts";
import type { Route } from "./+types/blog-feed";

/** The blog's newest posts as RSS 2.0 (a resource route). */
export function loader({ context }: Route.LoaderArgs) {
  return newsFeedResponse(context);
}
