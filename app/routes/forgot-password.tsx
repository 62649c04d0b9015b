import { data, Link } from "react-router";
import { z } from "zod";
import { FlashMessage } from "../components/flash-message.tsx";
import { FormMessage, SubmitButton, TextField } from "../components/form-fields.tsx";
import { AppForm } from "../components/app-form.tsx";
import { HoneypotField } from "../components/form-honeypot.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import { messageOf } from "../lib/api.server.ts";
import { redirectWithFlash, takeFlash } from "../lib/flash.server.ts";
import { parseSubmission, rejectSpam, replyWithApiFailure } from "../lib/forms.server.ts";
import { requiredEmail } from "../lib/forms.ts";
import { requireAnonymous } from "../lib/guards.server.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../lib/unanswered-posts.ts";
import type { Route } from "./+types/forgot-password";
import { useAppForm } from "../lib/use-app-form.ts";

export const ForgotPasswordSchema = z.object({ email: requiredEmail() });

export async function loader({ request, context }: Route.LoaderArgs) {
  requireAnonymous(context);
  const { flash, headers } = await takeFlash(context, request);
  return data({ flash }, { headers });
}

/** POST /forgot-password; the API's message (the same whether or not the address exists). */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await parseSubmission(request, ForgotPasswordSchema);
  rejectSpam(formData);
  if (submission.status !== "success") return { result: submission.reply() };
  const api = context.get(apiClientContext);
  const result = await api.post("/forgot-password", submission.value);
  if (result.ok) {
    return redirectWithFlash(context, "/forgot-password", {
      kind: "success",
      message: messageOf(result.body) ?? "We have emailed your password reset link.",
    });
  }
  return { result: replyWithApiFailure(submission, result) };
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Forgot Your Password?");
}

export default function ForgotPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(ForgotPasswordSchema, {
    id: "forgot-password",
    lastResult: actionData?.result,
  });
  return (
    <AuthCard title="Forgot Your Password?">
      <p className="mt-3 text-muted">
        Tell us your email address and we will send you a link to choose a new password.
      </p>
      <AppForm form={form} className="relative mt-6 space-y-5">
        <FlashMessage flash={loaderData.flash} />
        <FormMessage />
        <HoneypotField />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <SubmitButton pendingText="Sending…" className="w-full">
          <span>
            Send Password-Reset <span className="whitespace-nowrap">E-Mail</span>
          </span>
        </SubmitButton>
      </AppForm>
      <p className="mt-6 border-t border-brand-100 pt-5 text-center text-muted">
        <Link
          to="/login"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Back to Log in
        </Link>
      </p>
    </AuthCard>
  );
}
