import { data, Form, Link, redirect } from "react-router";
import { SubmitButton } from "../components/form-fields.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import { loginPath, tooManyAttemptsMessage } from "../lib/api.server.ts";
import { redirectWithFlash } from "../lib/flash.server.ts";
import { pageLocationOf, requireUser } from "../lib/guards.server.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/email-verify";

/**
 * The link in the verification mail (`/email/verify/{id}/{hash}?expires…&signature…`): forwarded
 * with its signed query to the API with the visitor's session. Signed out → Login, and back
 * here afterwards.
 */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const here = pageLocationOf(url);
  requireUser({ url, context });
  const api = context.get(apiClientContext);
  const search = url.search;
  // 403 here is Laravel's "Invalid signature.", shown on this page, not the unverified redirect.
  const result = await api.get(
    `/email/verify/${encodeURIComponent(params.id)}/${encodeURIComponent(params.hash)}${search}`,
    { handles: [401, 403, 419] },
  );
  if (result.ok) {
    return redirectWithFlash(context, "/account", {
      kind: "success",
      message: "Your email address has been verified.",
    });
  }
  if (result.status === 401 || result.status === 419) throw redirect(loginPath(here));
  const problem =
    result.status === 429
      ? tooManyAttemptsMessage(result.headers.get("Retry-After"))
      : "This verification link is invalid or has expired, or it belongs to another account.";
  return data({ problem }, { status: result.status === 429 ? 429 : 403 });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Verify Email");
}

export default function EmailVerify({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Verify Email">
      <p
        role="alert"
        className="mt-5 rounded-xl border border-red-200 bg-red-50 px-4 py-3 font-medium text-red-800"
      >
        {loaderData.problem}
      </p>
      <p className="mt-4 text-muted">
        Use the newest link we sent you, while signed in with the account it was sent to, or ask for
        a new one.
      </p>
      <Form method="post" action="/verify-email" className="mt-6">
        <SubmitButton pendingText="Sending…" className="w-full">
          Resend Verification Email
        </SubmitButton>
      </Form>
      <p className="mt-4 text-center">
        <Link
          to="/account"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Go to your account
        </Link>
      </p>
    </AuthCard>
  );
}
