import { DonateLink } from "../components/donate-link.tsx";
import { HeaderImage } from "../components/header-image.tsx";
import { HeartIcon } from "../components/icons.tsx";
import { WidgetBlock } from "../components/widget-block.tsx";
import { useRootData } from "../lib/root-data.ts";
import { pageMeta, rootDataFrom } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import type { Route } from "./+types/donate";

const HEADER = "DonateHeader";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    widgets: await loadWidgets(context, [
      ...headerImageWidgets(HEADER),
      "DonateText1",
      "DonateImage1",
      "DonateText2",
      "DonateText3",
    ]),
  };
}

function donateTitle(name: string | undefined): string {
  return `Donate To The ${name ?? ""}`.trim();
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  const name = rootDataFrom(matches)?.settings.name;
  return pageMeta(
    { matches, location },
    {
      title: donateTitle(name),
      description: `Your gift helps the ${name ?? "foundation"} keep people healthy, wealthy, educated and safe.`,
      image: loaderData?.widgets.DonateImage1?.image_url,
    },
  );
}

export default function Donate({ loaderData }: Route.ComponentProps) {
  const settings = useRootData()?.settings;
  return (
    <>
      <HeaderImage
        title={donateTitle(settings?.name)}
        image={headerImageOf(loaderData.widgets, HEADER)}
      />
      <div className="mx-auto grid w-full max-w-6xl items-start gap-12 px-4 py-16 sm:px-6 lg:grid-cols-[1fr_22rem] lg:px-8">
        <div className="space-y-12">
          <WidgetBlock name="DonateText1" />
          <WidgetBlock name="DonateImage1" />
          <WidgetBlock name="DonateText2" />
          <WidgetBlock name="DonateText3" />
        </div>
        <aside
          aria-labelledby="donate-card-title"
          className="rounded-3xl bg-white p-8 shadow-lg ring-1 ring-brand-100 lg:sticky lg:top-28"
        >
          <span className="grid size-12 place-items-center rounded-full bg-donate-600/10 text-donate-600">
            <HeartIcon className="size-6" />
          </span>
          <h2 id="donate-card-title" className="mt-4 text-2xl font-semibold">
            Donate Now
          </h2>
          <p className="mt-2 text-muted">
            Give securely by card in a few moments. Thank you for standing with the people we serve.
          </p>
          <DonateLink
            href={settings?.donateUrl ?? "/donate"}
            className="button-donate mt-6 w-full"
          />
        </aside>
      </div>
    </>
  );
}
