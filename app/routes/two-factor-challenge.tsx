import { AuthCard } from "../components/page-intro.tsx";
import { requireAnonymous } from "../lib/guards.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/two-factor-challenge";

export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Two Factor Authentication");
}

export default function TwoFactorChallenge() {
  return (
    <AuthCard title="Two Factor Authentication">
      <p className="mt-3 text-muted">
        Enter the code from your authenticator app, or one of your recovery codes.
      </p>
    </AuthCard>
  );
}
