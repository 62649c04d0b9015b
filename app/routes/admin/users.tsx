import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/users";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Users");
}

export default function AdminUsers() {
  return (
    <ScreenHeading title="Users">Everyone who can sign in, and their access level.</ScreenHeading>
  );
}
