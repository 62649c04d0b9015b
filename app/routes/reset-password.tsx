import { AuthCard } from "../components/page-intro.tsx";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/reset-password";

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Reset Password");
}

export default function ResetPassword() {
  return (
    <AuthCard title="Reset Password">
      <p className="mt-3 text-muted">Choose a new password for your account.</p>
    </AuthCard>
  );
}
