import { AuthCard } from "../components/page-intro.tsx";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/verify-email";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Verify Email");
}

export default function VerifyEmail() {
  return (
    <AuthCard title="Verify Email">
      <p className="mt-3 text-muted">
        Thanks for signing up! Please confirm your email address by following the link we emailed to
        you.
      </p>
    </AuthCard>
  );
}
