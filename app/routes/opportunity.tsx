import { EntryArticle } from "../components/entry-article.tsx";
import { loadEntry } from "../lib/entries.server.ts";
import { entryPageMeta } from "../lib/seo.ts";
import { socialCardPath } from "../lib/social-card.server.ts";
import type { Route } from "./+types/opportunity";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const entry = await loadEntry(context, "opportunities", params.slug, url);
  return { entry, cardPath: socialCardPath("opportunities", entry) };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return entryPageMeta(
    { matches, location },
    "opportunities",
    loaderData?.entry,
    loaderData?.cardPath,
  );
}

export default function Opportunity({ loaderData }: Route.ComponentProps) {
  return <EntryArticle entry={loaderData.entry} backTo="/opportunities" />;
}
