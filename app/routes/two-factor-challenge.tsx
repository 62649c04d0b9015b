import { getFormProps } from "@conform-to/react";
import { Form, redirect } from "react-router";
import { z } from "zod";
import { FormMessage, SubmitButton, TextField, formMessageOf } from "../components/form-fields.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import {
  parseSubmission,
  redirectToOf,
  replyWithApiFailure,
  safeRedirectPath,
} from "../lib/forms.server.ts";
import { requiredText } from "../lib/forms.ts";
import { requireAnonymous } from "../lib/guards.server.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import type { Route } from "./+types/two-factor-challenge";
import { useAppForm } from "../lib/use-app-form.ts";

export const TwoFactorChallengeSchema = z.object({
  code: requiredText("code"),
  redirectTo: z.string().optional(),
});

export function loader({ url, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return { redirectTo: redirectToOf(url, "") };
}

/**
 * POST /two-factor-challenge with the one value as both `code` and `recovery_code` (spec §7);
 * 204 → Home (or the page the visitor first asked for). Without a pending login the API says
 * 401: back to Login.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, TwoFactorChallengeSchema);
  if (submission.status !== "success")
    return { result: submission.reply({ hideFields: ["code"] }) };
  const { code, redirectTo } = submission.value;
  const next = safeRedirectPath(redirectTo, "");
  const api = context.get(apiClientContext);
  const result = await api.post(
    "/two-factor-challenge",
    { code, recovery_code: code },
    { handles: [401, 419] },
  );
  if (result.ok) return redirect(next || "/");
  if (result.status === 401 || result.status === 419) {
    throw redirect(next ? `/login?redirectTo=${encodeURIComponent(next)}` : "/login");
  }
  return {
    result: replyWithApiFailure(submission, result, {
      hideFields: ["code"],
      fieldNames: { recovery_code: "code" },
    }),
  };
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Two Factor Authentication");
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(TwoFactorChallengeSchema, {
    id: "two-factor-challenge",
    lastResult: actionData?.result,
  });
  const message = formMessageOf(form);
  return (
    <AuthCard title="Two Factor Authentication">
      <p className="mt-3 text-muted">
        Enter the code from your authenticator app, or one of your recovery codes.
      </p>
      <Form method="post" {...getFormProps(form)} className="mt-6 space-y-5">
        <FormMessage form={form} />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          meta={fields.code}
          label="TwoFactor Code"
          autoComplete="one-time-code"
          formMessage={message}
          focusFirst
        />
        <SubmitButton pendingText="Checking…" className="w-full">
          Log in
        </SubmitButton>
      </Form>
    </AuthCard>
  );
}
