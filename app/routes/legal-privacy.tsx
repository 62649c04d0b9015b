import { LegalPage } from "../components/legal-page.tsx";
import { pageMeta } from "../lib/seo.ts";
import { loadWidgets } from "../lib/widgets.server.ts";
import { headerImageOf, headerImageWidgets } from "../lib/header-image.ts";
import type { Route } from "./+types/legal-privacy";

const HEADER = "LegalHeader";

export async function loader({ context }: Route.LoaderArgs) {
  return { widgets: await loadWidgets(context, [...headerImageWidgets(HEADER), "PrivacyPolicy"]) };
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
      header={headerImageOf(loaderData.widgets, HEADER)}
    />
  );
}
