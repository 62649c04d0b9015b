import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/opportunity";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Manage Opportunity");
}

export default function AdminOpportunity() {
  return (
    <ScreenHeading title="Manage Opportunity">
      Edit the opportunity's text, image and photos.
    </ScreenHeading>
  );
}
