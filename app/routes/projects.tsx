import { EntryGrid, Pager } from "../components/entry-grid.tsx";
import { HeaderImage } from "../components/header-image.tsx";
import { loadEntryPage } from "../lib/entries.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import type { Route } from "./+types/projects";

const HEADER = "ProjectsHeader";

export async function loader({ context, url }: Route.LoaderArgs) {
  const [entries, widgets] = await Promise.all([
    loadEntryPage(context, "projects", url),
    loadWidgets(context, headerImageWidgets(HEADER)),
  ]);
  return { entries, widgets };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const page = loaderData?.entries.page ?? 1;
  return pageMeta(
    { matches, location },
    {
      title: page > 1 ? `Our Focus – page ${page}` : "Our Focus",
      description:
        "The projects the foundation runs to help people be healthy, wealthy, educated and safe.",
      canonicalPath: page > 1 ? `${location.pathname}?page=${page}` : location.pathname,
    },
  );
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { entries, widgets } = loaderData;
  return (
    <>
      <HeaderImage title="Our Focus" image={headerImageOf(widgets, HEADER)} />
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <EntryGrid
          items={entries.items}
          unavailable={entries.unavailable}
          emptyText="No projects have been published yet."
        />
        <Pager page={entries.page} pageCount={entries.pageCount} />
      </div>
    </>
  );
}
