import { data, redirect } from "react-router";
import type { EntryKind } from "../lib/api-types.ts";
import { readEntry } from "../lib/entries.server.ts";
import { requestFactsContext, siteSettingsContext } from "../lib/request-context.server.ts";
import { socialCard, socialCardPath } from "../lib/social-card.server.ts";
import type { Route } from "./+types/social-card";

const KINDS = new Set<string>(["projects", "blog", "opportunities"]);

/** `/cards/{kind}/{slug}.jpg`: the 1200×630 picture a shared link to an item shows (og:image). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const slug = /^(.+)\.jpg$/.exec(params.name)?.[1];
  if (!KINDS.has(params.kind) || !slug) throw data({ message: "Not Found." }, { status: 404 });
  const kind = params.kind as EntryKind;
  const entry = await readEntry(context, kind, slug);
  if (entry.slug && entry.slug !== slug) throw redirect(socialCardPath(kind, entry), 301);
  const card = await socialCard({
    title: entry.title,
    siteName: context.get(siteSettingsContext).name,
    coverUrl: entry.image_url ?? entry.images[0]?.image_url ?? null,
    apiUrl: context.get(requestFactsContext).config.apiUrl,
  });
  return new Response(new Uint8Array(card), {
    headers: {
      "Content-Type": "image/jpeg",
      "Content-Length": String(card.byteLength),
      // Pages name the card with a version (?v=) that changes with the item.
      "Cache-Control": "public, max-age=86400",
    },
  });
}
