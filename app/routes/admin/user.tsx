import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/user";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Edit User");
}

export default function AdminUser() {
  return (
    <ScreenHeading title="Edit User">Change this person's details and access level.</ScreenHeading>
  );
}
