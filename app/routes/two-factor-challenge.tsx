import { Link, redirect } from "react-router";
import { z } from "zod";
import { FormMessage, SubmitButton, TextField } from "../components/form-fields.tsx";
import { AppForm } from "../components/app-form.tsx";
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
import { formUnanswered, unansweredAs } from "../lib/unanswered-posts.ts";
import type { Route } from "./+types/two-factor-challenge";
import { useAppForm } from "../lib/use-app-form.ts";

export const TwoFactorChallengeSchema = z.object({
  code: requiredText("code"),
  redirectTo: z.string().optional(),
});

/** `?recovery=1`: the field takes a recovery code (letters and dashes: a full keyboard). */
const RECOVERY_PARAM = "recovery";

export function loader({ url, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return {
    redirectTo: redirectToOf(url, ""),
    recovery: url.searchParams.get(RECOVERY_PARAM) === "1",
  };
}

/** This page in the other mode, keeping where the visitor goes afterwards. */
function otherModePath(recovery: boolean, redirectTo: string): string {
  const search = new URLSearchParams();
  if (redirectTo) search.set("redirectTo", redirectTo);
  if (!recovery) search.set(RECOVERY_PARAM, "1");
  const query = search.toString();
  return `/two-factor-challenge${query ? `?${query}` : ""}`;
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

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Two Factor Authentication");
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(TwoFactorChallengeSchema, {
    id: "two-factor-challenge",
    lastResult: actionData?.result,
  });
  const { recovery, redirectTo } = loaderData;
  // One field either way (spec §2.4); a phone shows digits for an authenticator's code.
  return (
    <AuthCard title="Two Factor Authentication">
      <p className="mt-3 text-muted">
        {recovery
          ? "Enter one of the recovery codes you saved when you turned on two factor authentication."
          : "Enter the code from your authenticator app."}
      </p>
      <AppForm form={form} className="mt-6 space-y-5">
        <FormMessage />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          key={recovery ? "recovery" : "code"}
          meta={fields.code}
          label={recovery ? "Recovery Code" : "TwoFactor Code"}
          inputMode={recovery ? "text" : "numeric"}
          autoComplete={recovery ? "off" : "one-time-code"}
          initialFocus
        />
        <SubmitButton pendingText="Checking…" className="w-full">
          Log in
        </SubmitButton>
      </AppForm>
      <p className="mt-6 border-t border-brand-100 pt-5 text-center text-muted">
        {recovery ? "Have your phone? " : "Lost your device? "}
        <Link
          to={otherModePath(recovery, redirectTo)}
          replace
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          {recovery ? "Use an authenticator code" : "Use a recovery code"}
        </Link>
      </p>
    </AuthCard>
  );
}
