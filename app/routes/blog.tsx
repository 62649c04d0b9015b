import { HeaderImage } from "../components/header-image.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { HEADER_IMAGE_WIDGET } from "../lib/header-image.ts";
import type { Route } from "./+types/blog";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [HEADER_IMAGE_WIDGET]) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "News and Updates",
      description: "News and updates from the foundation and the people it serves.",
    },
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  return <HeaderImage title="News and Updates" image={loaderData.widgets[HEADER_IMAGE_WIDGET]} />;
}
