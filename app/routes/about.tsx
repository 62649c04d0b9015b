import { HeaderImage } from "../components/header-image.tsx";
import { WidgetBlock } from "../components/widget-block.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import type { Route } from "./+types/about";

const HEADER = "AboutHeader";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    widgets: await loadWidgets(context, [
      ...headerImageWidgets(HEADER),
      "AboutText1",
      "AboutText2",
      "AboutText3",
    ]),
  };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "About The Foundation",
      description:
        "Who we are, what we believe and how we help people be healthy, wealthy, educated and safe.",
    },
  );
}

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <HeaderImage title="About The Foundation" image={headerImageOf(loaderData.widgets, HEADER)} />
      <div className="mx-auto w-full max-w-3xl space-y-14 px-4 py-16 sm:px-6">
        <WidgetBlock name="AboutText1" />
        <WidgetBlock name="AboutText2" />
        <WidgetBlock name="AboutText3" />
      </div>
    </>
  );
}
