import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/opportunities";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Opportunities");
}

export default function AdminOpportunities() {
  return <ScreenHeading title="Opportunities">Ways for people to get involved.</ScreenHeading>;
}
