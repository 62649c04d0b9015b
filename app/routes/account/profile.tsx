import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/profile";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Update Profile");
}

export default function AccountProfile() {
  return (
    <ScreenHeading title="Update Profile">
      Keep your name and email address up to date.
    </ScreenHeading>
  );
}
