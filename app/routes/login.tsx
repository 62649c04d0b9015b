import { data, Link, redirect } from "react-router";
import { FlashMessage } from "../components/flash-message.tsx";
import { z } from "zod";
import { CheckboxField, FormMessage, SubmitButton, TextField } from "../components/form-fields.tsx";
import { AppForm } from "../components/app-form.tsx";
import { HoneypotField } from "../components/form-honeypot.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import {
  parseSubmission,
  redirectToOf,
  rejectSpam,
  replyWithApiFailure,
  safeRedirectPath,
} from "../lib/forms.server.ts";
import { takeFlash } from "../lib/flash.server.ts";
import { checkbox, requiredEmail, requiredSecret } from "../lib/forms.ts";
import { ADMIN_REQUIRED_NOTICE, requireAnonymous } from "../lib/guards.server.ts";
import { apiClientContext, currentUserContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../lib/unanswered-posts.ts";
import type { Route } from "./+types/login";
import { useAppForm } from "../lib/use-app-form.ts";

export const LoginSchema = z.object({
  email: requiredEmail(),
  password: requiredSecret("password"),
  remember: checkbox,
  redirectTo: z.string().optional(),
});

/** `{"two_factor": bool}`; a backend may also answer with no body. */
const LoginResultSchema = z.object({ two_factor: z.boolean().nullish() }).nullish();

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const adminRequired = url.searchParams.get("notice") === ADMIN_REQUIRED_NOTICE;
  if (!adminRequired) requireAnonymous(context);
  const { flash, headers } = await takeFlash(context, request);
  return data(
    {
      flash,
      adminRequired: adminRequired && context.get(currentUserContext) !== null,
      redirectTo: redirectToOf(url, ""),
    },
    { headers },
  );
}

/** POST /login; on two_factor → the challenge (keeping where to go next), else there or Home. */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await parseSubmission(request, LoginSchema);
  rejectSpam(formData);
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: ["password"] }) };
  }
  const { email, password, remember, redirectTo } = submission.value;
  const api = context.get(apiClientContext);
  const result = await api.post(
    "/login",
    { email, password, remember },
    { schema: LoginResultSchema },
  );
  if (result.status === 200) {
    const next = safeRedirectPath(redirectTo, "");
    if (result.ok && result.body?.two_factor === true) {
      return redirect(
        next
          ? `/two-factor-challenge?redirectTo=${encodeURIComponent(next)}`
          : "/two-factor-challenge",
      );
    }
    return redirect(next || "/");
  }
  return {
    result: replyWithApiFailure(submission, result, { hideFields: ["password"] }),
  };
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Log in");
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(LoginSchema, { id: "login", lastResult: actionData?.result });
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
      <AppForm form={form} className="relative mt-6 space-y-5">
        <FlashMessage flash={loaderData.flash} />
        <FormMessage />
        <HoneypotField />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <CheckboxField meta={fields.remember} label="Remember me" />
          <Link
            to="/forgot-password"
            className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
          >
            Forgot your password?
          </Link>
        </div>
        <SubmitButton pendingText="Logging in…" className="w-full">
          Log in
        </SubmitButton>
      </AppForm>
      <p className="mt-6 border-t border-brand-100 pt-5 text-center text-muted">
        New here?{" "}
        <Link
          to="/register"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Sign up now
        </Link>
      </p>
    </AuthCard>
  );
}
