import { LegalPage } from "../components/legal-page.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import type { Route } from "./+types/legal-terms";

const HEADER = "LegalHeader";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [...headerImageWidgets(HEADER), "Terms"]) };
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
      header={headerImageOf(loaderData.widgets, HEADER)}
    />
  );
}
