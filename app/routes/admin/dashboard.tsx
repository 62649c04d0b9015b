import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/dashboard";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Admin Dashboard");
}

export default function AdminDashboard() {
  return (
    <ScreenHeading title="Admin Dashboard">
      Use the menu to manage the web site's users and content.
    </ScreenHeading>
  );
}
