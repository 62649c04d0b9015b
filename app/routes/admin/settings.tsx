import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/settings";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Settings");
}

export default function AdminSettings() {
  return <ScreenHeading title="Settings">The organisation's details.</ScreenHeading>;
}
