import { EntryArticle } from "../components/entry-article.tsx";
import { loadEntry } from "../lib/entries.server.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/project";

export async function loader({ context, params }: Route.LoaderArgs) {
  return { entry: await loadEntry(context, "projects", params.slug) };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  if (!loaderData) return [];
  const { entry } = loaderData;
  return pageMeta(
    { matches, location },
    {
      title: entry.title,
      description: entry.preview_text ?? entry.title,
      image: entry.image_url,
      type: "article",
    },
  );
}

export default function Project({ loaderData }: Route.ComponentProps) {
  return <EntryArticle entry={loaderData.entry} backTo="/projects" />;
}
