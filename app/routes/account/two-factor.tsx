import { ScreenHeading } from "../../components/side-menu.tsx";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/two-factor";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Two Factor Auth");
}

export default function AccountTwoFactor() {
  return (
    <ScreenHeading title="Two Factor Auth">
      Protect your account with a code from an authenticator app.
    </ScreenHeading>
  );
}
