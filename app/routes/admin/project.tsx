import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/project";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Manage Project");
}

export default function AdminProject() {
  return (
    <ScreenHeading title="Manage Project">Edit the project's text, image and photos.</ScreenHeading>
  );
}
