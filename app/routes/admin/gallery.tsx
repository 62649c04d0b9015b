import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/gallery";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Edit Gallery");
}

export default function AdminGallery() {
  return (
    <ScreenHeading title="Edit Gallery">Name the gallery and arrange its photos.</ScreenHeading>
  );
}
