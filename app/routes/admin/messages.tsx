import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/messages";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Messages");
}

export default function AdminMessages() {
  return (
    <ScreenHeading title="Messages">What visitors wrote through the contact form.</ScreenHeading>
  );
}
