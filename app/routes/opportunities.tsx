import { EntryGrid, Pager } from "../components/entry-grid.tsx";
import { HeaderImage } from "../components/header-image.tsx";
import { loadEntryPage } from "../lib/entries.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import type { Route } from "./+types/opportunities";

const HEADER = "OpportunitiesHeader";

export async function loader({ context, url }: Route.LoaderArgs) {
  const [entries, widgets] = await Promise.all([
    loadEntryPage(context, "opportunities", url),
    loadWidgets(context, headerImageWidgets(HEADER)),
  ]);
  return { entries, widgets };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const page = loaderData?.entries.page ?? 1;
  return pageMeta(
    { matches, location },
    {
      title: page > 1 ? `Opportunities – page ${page}` : "Opportunities",
      description: "Ways to volunteer, work with us and get involved.",
      canonicalPath: page > 1 ? `${location.pathname}?page=${page}` : location.pathname,
    },
  );
}

export default function Opportunities({ loaderData }: Route.ComponentProps) {
  const { entries, widgets } = loaderData;
  return (
    <>
      <HeaderImage title="Opportunities" image={headerImageOf(widgets, HEADER)} />
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <EntryGrid
          items={entries.items}
          unavailable={entries.unavailable}
          emptyText="There are no open opportunities at the moment."
        />
        <Pager page={entries.page} pageCount={entries.pageCount} />
      </div>
    </>
  );
}
