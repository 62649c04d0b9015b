import { HeaderImage } from "../components/header-image.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { HEADER_IMAGE_WIDGET } from "../lib/header-image.ts";
import type { Route } from "./+types/opportunities";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [HEADER_IMAGE_WIDGET]) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    { title: "Opportunities", description: "Ways to volunteer, work with us and get involved." },
  );
}

export default function Opportunities({ loaderData }: Route.ComponentProps) {
  return <HeaderImage title="Opportunities" image={loaderData.widgets[HEADER_IMAGE_WIDGET]} />;
}
