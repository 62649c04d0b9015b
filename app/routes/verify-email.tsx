import { data, Form } from "react-router";
import { FlashMessage } from "../components/flash-message.tsx";
import { SubmitButton } from "../components/form-fields.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import { tooManyAttemptsMessage } from "../lib/api.server.ts";
import { redirectWithFlash, takeFlash } from "../lib/flash.server.ts";
import { apiClientContext, currentUserContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/verify-email";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { flash, headers } = await takeFlash(context, request);
  const user = context.get(currentUserContext);
  return data({ flash, email: user?.email ?? null }, { headers });
}

/** POST /email/verification-notification: 202 sent, 204 already verified (401 → Login). */
export async function action({ context }: Route.ActionArgs) {
  const api = context.get(apiClientContext);
  const result = await api.post("/email/verification-notification", undefined, {
    handles: [401, 419],
  });
  if (result.status === 401 || result.status === 419) {
    return redirectWithFlash(context, "/login?redirectTo=%2Fverify-email", {
      kind: "error",
      message: "Please log in to receive a new verification link.",
    });
  }
  if (result.status === 204) {
    return redirectWithFlash(context, "/account", {
      kind: "success",
      message: "Your email address is already verified.",
    });
  }
  if (result.ok) {
    return redirectWithFlash(context, "/verify-email", {
      kind: "success",
      message: "A new verification link has been sent to your email address.",
    });
  }
  return redirectWithFlash(context, "/verify-email", {
    kind: "error",
    message:
      result.status === 429
        ? tooManyAttemptsMessage(result.headers.get("Retry-After"))
        : "The verification link could not be sent. Please try again later.",
  });
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Verify Email");
}

export default function VerifyEmail({ loaderData }: Route.ComponentProps) {
  return (
    <AuthCard title="Verify Email">
      <FlashMessage flash={loaderData.flash} className="mt-5" />
      <p className="mt-4 text-muted">
        Thanks for signing up! Before you continue, please confirm your email address by following
        the link we emailed to{" "}
        {loaderData.email ? <strong className="text-ink">{loaderData.email}</strong> : "you"}.
      </p>
      <p className="mt-3 text-muted">
        Some pages of the site, such as the admin area, need a verified address. If the email did
        not arrive, check your spam folder or ask for another one.
      </p>
      <Form method="post" className="mt-6">
        <SubmitButton pendingText="Sending…" className="w-full">
          Resend Verification Email
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
