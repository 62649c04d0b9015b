import { AuthCard } from "../components/page-intro.tsx";
import { requireAnonymous } from "../lib/guards.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/register";

export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Register");
}

export default function Register() {
  return (
    <AuthCard title="Register">
      <p className="mt-3 text-muted">
        Create an account to follow the foundation's work and manage your details.
      </p>
    </AuthCard>
  );
}
