import { Link } from "react-router";
import { DonateLink } from "../components/donate-link.tsx";
import { EditWidgetLink, WidgetBlock } from "../components/widget-block.tsx";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, ["HomeImage", "HomeText"]) };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      description: "A charitable foundation helping people be healthy, wealthy, educated and safe.",
      image: loaderData?.widgets.HomeImage?.image_url,
    },
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const root = useRootData();
  const image = loaderData.widgets.HomeImage;
  return (
    <section
      aria-labelledby="home-title"
      className="relative isolate flex min-h-[calc(100svh-4.5rem)] items-center overflow-hidden bg-brand-800"
    >
      {image?.image_url ? (
        <img
          src={image.image_url}
          alt={image.alt ?? ""}
          className="absolute inset-0 -z-10 h-full w-full object-cover"
          fetchPriority="high"
        />
      ) : (
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_15%_25%,#2a8a84_0,transparent_45%),radial-gradient(circle_at_85%_80%,#d97a2b_0,transparent_40%),linear-gradient(135deg,#0b2d30,#155459)]"
        />
      )}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-brand-900/70 via-brand-900/35 to-transparent"
      />
      {image ? <EditWidgetLink widget={image} className="absolute right-6 top-8" /> : null}
      <div className="mx-auto w-full max-w-7xl px-4 py-16 sm:px-6 lg:px-8">
        <div className="max-w-2xl rounded-3xl bg-white/95 p-8 shadow-xl ring-1 ring-black/5 sm:p-10">
          <h1 id="home-title" className="sr-only">
            {root?.settings.name}
          </h1>
          <WidgetBlock name="HomeText" />
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/projects" className="button-primary">
              Find Out More
            </Link>
            <DonateLink
              href={root?.settings.donateUrl ?? "/donate"}
              className="button-donate hidden md:inline-flex"
            />
          </div>
        </div>
      </div>
    </section>
  );
}
