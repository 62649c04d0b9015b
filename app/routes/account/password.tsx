import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/password";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Change Password");
}

export default function AccountPassword() {
  return (
    <ScreenHeading title="Change Password">Choose a new password for signing in.</ScreenHeading>
  );
}
