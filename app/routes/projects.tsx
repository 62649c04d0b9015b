import { HeaderImage } from "../components/header-image.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { HEADER_IMAGE_WIDGET } from "../lib/header-image.ts";
import type { Route } from "./+types/projects";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [HEADER_IMAGE_WIDGET]) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "Our Focus",
      description:
        "The projects the foundation runs to help people be healthy, wealthy, educated and safe.",
    },
  );
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  return <HeaderImage title="Our Focus" image={loaderData.widgets[HEADER_IMAGE_WIDGET]} />;
}
