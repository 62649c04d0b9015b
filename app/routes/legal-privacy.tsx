import { LEGAL_HEADER_WIDGET, LegalPage } from "../components/legal-page.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import type { Route } from "./+types/legal-privacy";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [LEGAL_HEADER_WIDGET, "PrivacyPolicy"]) };
}

export function meta({ matches, location }: Route.MetaArgs) {
  return pageMeta(
    { matches, location },
    {
      title: "Privacy Policy",
      description: "How we collect, use and protect your personal information.",
    },
  );
}

export default function LegalPrivacy({ loaderData }: Route.ComponentProps) {
  return (
    <LegalPage
      title="Privacy Policy"
      widgetName="PrivacyPolicy"
      header={loaderData.widgets[LEGAL_HEADER_WIDGET]}
    />
  );
}
