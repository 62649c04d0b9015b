import { LegalPage } from "../components/legal-page.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { HEADER_IMAGE_WIDGET } from "../lib/header-image.ts";
import type { Route } from "./+types/legal-terms";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [HEADER_IMAGE_WIDGET, "Terms"]) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "Terms and Conditions",
      description: "The terms that apply when you use this website.",
    },
  );
}

export default function LegalTerms({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Terms and Conditions"
      widgetName="Terms"
      header={loaderData.widgets[HEADER_IMAGE_WIDGET]}
    />
  );
}
