import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/galleries";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Galleries");
}

export default function AdminGalleries() {
  return <ScreenHeading title="Galleries">Collections of photos for the web site.</ScreenHeading>;
}
