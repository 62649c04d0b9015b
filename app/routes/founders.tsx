import { HeaderImage } from "../components/header-image.tsx";
import { WidgetBlock } from "../components/widget-block.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import type { Route } from "./+types/founders";

const HEADER = "FoundersHeader";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    widgets: await loadWidgets(context, [
      ...headerImageWidgets(HEADER),
      "FoundersText1",
      "Founder1Image",
      "Founder1Text",
    ]),
  };
}

export function meta({ matches, location, loaderData }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "About Our Founder",
      description: "The story of the person who started the foundation and why.",
      image: loaderData?.widgets.Founder1Image?.image_url,
    },
  );
}

export default function Founders({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeaderImage title="About Our Founder" image={headerImageOf(loaderData.widgets, HEADER)} />
      <div className="mx-auto w-full max-w-6xl px-4 py-16 sm:px-6 lg:px-8">
        <WidgetBlock name="FoundersText1" className="mx-auto max-w-3xl" />
        <div className="mt-14 grid items-start gap-10 md:grid-cols-[2fr_3fr]">
          <WidgetBlock name="Founder1Image" />
          <WidgetBlock name="Founder1Text" />
        </div>
      </div>
    </>
  );
}
