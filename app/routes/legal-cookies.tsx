import { LEGAL_HEADER_WIDGET, LegalPage } from "../components/legal-page.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import type { Route } from "./+types/legal-cookies";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [LEGAL_HEADER_WIDGET, "Cookies"]) };
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
      header={loaderData.widgets[LEGAL_HEADER_WIDGET]}
    />
  );
}
