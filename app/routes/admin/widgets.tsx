import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/widgets";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Widgets");
}

export default function AdminWidgets() {
  return (
    <ScreenHeading title="Widgets">
      The named content blocks shown on the public pages.
    </ScreenHeading>
  );
}
