import { EntryArticle } from "../components/entry-article.tsx";
import { loadEntry } from "../lib/entries.server.ts";
import { entryPageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/project";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  return { entry: await loadEntry(context, "projects", params.slug, url) };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return entryPageMeta({ matches, location }, loaderData?.entry);
}

export default function Project({ loaderData }: Route.ComponentProps) {
  return <EntryArticle entry={loaderData.entry} backTo="/projects" />;
}
