import { AuthCard } from "../components/page-intro.tsx";
import { requireUser } from "../lib/guards.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/confirm-password";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Confirm Password");
}

export default function ConfirmPassword() {
  return (
    <AuthCard title="Confirm Password">
      <p className="mt-3 text-muted">
        This is a secure area of the site. Please confirm your password before continuing.
      </p>
    </AuthCard>
  );
}
