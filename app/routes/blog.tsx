import { EntryGrid, Pager } from "../components/entry-grid.tsx";
import { HeaderImage } from "../components/header-image.tsx";
import { loadEntryPage } from "../lib/entries.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import type { Route } from "./+types/blog";

const HEADER = "BlogHeader";

export async function loader({ context, url }: Route.LoaderArgs) {
  const [entries, widgets] = await Promise.all([
    loadEntryPage(context, "blog", url),
    loadWidgets(context, headerImageWidgets(HEADER)),
  ]);
  return { entries, widgets };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const page = loaderData?.entries.page ?? 1;
  return pageMeta(
    { matches, location },
    {
      title: page > 1 ? `News and Updates – page ${page}` : "News and Updates",
      description: "News and updates from the foundation and the people it serves.",
      canonicalPath: page > 1 ? `${location.pathname}?page=${page}` : location.pathname,
    },
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { entries, widgets } = loaderData;
  return (
    <>
      <HeaderImage title="News and Updates" image={headerImageOf(widgets, HEADER)} />
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <EntryGrid
          items={entries.items}
          unavailable={entries.unavailable}
          showDate
          emptyText="No news has been published yet."
        />
        <Pager page={entries.page} pageCount={entries.pageCount} />
      </div>
    </>
  );
}
