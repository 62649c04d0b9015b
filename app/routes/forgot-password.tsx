import { AuthCard } from "../components/page-intro.tsx";
import { requireAnonymous } from "../lib/guards.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/forgot-password";

export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Forgot Your Password?");
}

export default function ForgotPassword() {
  return (
    <AuthCard title="Forgot Your Password?">
      <p className="mt-3 text-muted">
        Tell us your email address and we will send you a link to choose a new password.
      </p>
    </AuthCard>
  );
}
