import { EntryArticle } from "../components/entry-article.tsx";
import { LocalDate } from "../components/local-date.tsx";
import { loadEntry } from "../lib/entries.server.ts";
import { entryPageMeta } from "../lib/seo.ts";
import { socialCardPath } from "../lib/social-card.server.ts";
import type { Route } from "./+types/blog-post";

export async function loader({ context, params, url }: Route.LoaderArgs) {
  const entry = await loadEntry(context, "blog", params.slug, url);
  return { entry, cardPath: socialCardPath("blog", entry) };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return entryPageMeta({ matches, location }, "blog", loaderData?.entry, loaderData?.cardPath);
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { entry } = loaderData;
  return (
    <EntryArticle
      entry={entry}
      backTo="/blog"
      subtitle={
        entry.created_at ? (
          <>
            Published on: <LocalDate iso={entry.created_at} />
          </>
        ) : undefined
      }
    />
  );
}
