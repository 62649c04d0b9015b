import { EntryArticle } from "../components/entry-article.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { loadEntry } from "../lib/entries.server.ts";
import { pageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/blog-post";

export async function loader({ context, params }: Route.LoaderArgs) {
  return { entry: await loadEntry(context, "blog", params.slug) };
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

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData;
  return (
    <EntryArticle
      entry={entry}
      backTo="/blog"
      subtitle={
        <>
          Published on: <LocalDate iso={entry.created_at} />
        </>
      }
    />
  );
}
