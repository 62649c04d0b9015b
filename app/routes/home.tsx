import { data, Link } from "react-router";
import { DonateLink } from "../components/donate-link.tsx";
import { EntryTeasers } from "../components/entry-teasers.tsx";
import { FlashMessage } from "../components/flash-message.tsx";
import { TestimonialQuotes } from "../components/testimonial-quotes.tsx";
import { EditWidgetLink, WidgetBlock } from "../components/widget-block.tsx";
import { loadEntryTeasers } from "../lib/entries.server.ts";
import { responsiveImage } from "../lib/images.ts";
import { takeFlash } from "../lib/flash.server.ts";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta } from "../lib/seo.ts";
import { loadNewestTestimonials } from "../lib/testimonials.server.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import type { Route } from "./+types/home";

export async function loader({ request, context }: Route.LoaderArgs) {
  const [widgets, projects, news, testimonials, { flash, headers }] = await Promise.all([
    loadWidgets(context, ["HomeImage", "HomeText"]),
    loadEntryTeasers(context, "projects", 6),
    loadEntryTeasers(context, "blog", 3),
    loadNewestTestimonials(context, 3),
    takeFlash(context, request),
  ]);
  return data({ widgets, projects, news, testimonials, flash }, { headers });
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
  const { widgets, projects, news, testimonials, flash } = loaderData;
  const root = useRootData();
  const image = widgets.HomeImage;
  return (
    <>
      <h1 className="sr-only">{root?.settings.name}</h1>
      {flash ? (
        <div className="border-b border-brand-100 bg-brand-50/60">
          <div className="mx-auto max-w-7xl px-4 py-4 sm:px-6 lg:px-8">
            <FlashMessage flash={flash} />
          </div>
        </div>
      ) : null}
      {/* On wide screens the picture fills the page behind the card, whose side it keeps clear;
          on phones it is a band above the card, so nothing in it hides behind the text. */}
      <div className="relative isolate bg-sand/60 xl:flex xl:min-h-[calc(100svh-4.5rem)] xl:items-center xl:bg-brand-800">
        <div className="relative h-56 overflow-hidden bg-brand-800 sm:h-72 xl:absolute xl:inset-0 xl:-z-10 xl:h-auto">
          {image?.image_url ? (
            <img
              {...responsiveImage(image.image_url, "100vw")}
              alt={image.alt ?? ""}
              className="absolute inset-0 h-full w-full object-cover object-[85%_30%] xl:object-right"
              fetchPriority="high"
            />
          ) : (
            <div
              aria-hidden="true"
              className="absolute inset-0 bg-[radial-gradient(circle_at_88%_28%,#2a8a84_0,transparent_30%),radial-gradient(circle_at_92%_85%,#d97a2b_0,transparent_32%),linear-gradient(135deg,#0b2d30,#155459)]"
            />
          )}
          <div
            aria-hidden="true"
            className="absolute inset-0 hidden bg-gradient-to-r from-brand-900/70 via-brand-900/35 to-transparent xl:block"
          />
          {image ? <EditWidgetLink widget={image} className="absolute right-6 top-6" /> : null}
        </div>
        <div className="mx-auto w-full max-w-7xl px-4 pb-4 sm:px-6 lg:px-8 xl:py-16">
          <div className="relative -mt-16 max-w-2xl rounded-3xl bg-white p-8 shadow-xl ring-1 ring-black/5 sm:p-10 xl:mt-0 xl:bg-white/95">
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
      </div>
      <EntryTeasers
        id="home-projects"
        title="Our Focus"
        intro="The projects we run with communities, so that people can be healthy, wealthy, educated and safe."
        items={projects}
        moreTo="/projects"
        moreLabel="See all of Our Focus"
      />
      <div className="bg-sand/60">
        <EntryTeasers
          id="home-news"
          title="News and Updates"
          intro="The latest from the projects and the people they serve."
          items={news}
          showDate
          moreTo="/blog"
          moreLabel="Read all news"
        />
      </div>
      <TestimonialQuotes
        id="home-testimonials"
        title="What people say"
        intro="Families, volunteers and supporters on what the foundation means to them."
        testimonials={testimonials}
      />
    </>
  );
}
