import { AuthCard } from "../components/page-intro.tsx";
import { ADMIN_REQUIRED_NOTICE, requireAnonymous } from "../lib/guards.server.ts";
import { currentUserContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/login";

export function loader({ request, context }: Route.LoaderArgs) {
  const adminRequired = new URL(request.url).searchParams.get("notice") === ADMIN_REQUIRED_NOTICE;
  if (!adminRequired) requireAnonymous(context);
  return { adminRequired: adminRequired && context.get(currentUserContext) !== null };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Log in");
}

export default function Login({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Log in">
      {loaderData.adminRequired ? (
        <p
          role="status"
          className="mt-4 rounded-xl border border-donate-500/40 bg-donate-500/10 px-4 py-3 text-ink"
        >
          That page is for administrators. You are signed in with an account that is not an
          administrator; log in with an administrator account to continue.
        </p>
      ) : null}
      <p className="mt-3 text-muted">Sign in to manage your account.</p>
    </AuthCard>
  );
}
