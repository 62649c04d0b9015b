import { LegalPage } from "../components/legal-page.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import type { Route } from "./+types/legal-cookies";

const HEADER = "LegalHeader";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [...headerImageWidgets(HEADER), "Cookies"]) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    { title: "Cookie Policy", description: "How this site uses cookies and similar technologies." },
  );
}

export default function LegalCookies({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Cookie Policy"
      widgetName="Cookies"
      header={headerImageOf(loaderData.widgets, HEADER)}
    />
  );
}
