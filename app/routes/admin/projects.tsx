import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/projects";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Our Focus");
}

export default function AdminProjects() {
  return <ScreenHeading title="Our Focus">The projects shown under Our Focus.</ScreenHeading>;
}
