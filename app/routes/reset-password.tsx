import { data, Link } from "react-router";
import { z } from "zod";
import { FlashMessage } from "../components/flash-message.tsx";
import { FormMessage, SubmitButton, TextField } from "../components/form-fields.tsx";
import { AppForm } from "../components/app-form.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import { messageOf } from "../lib/api.server.ts";
import { redirectWithFlash, takeFlash } from "../lib/flash.server.ts";
import { parseSubmission, replyWithApiFailure } from "../lib/forms.server.ts";
import { requiredEmail, requiredSecret } from "../lib/forms.ts";
import { requireAnonymous } from "../lib/guards.server.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../lib/unanswered-posts.ts";
import type { Route } from "./+types/reset-password";
import { useAppForm } from "../lib/use-app-form.ts";

export const ResetPasswordSchema = z.object({
  email: requiredEmail(),
  password: requiredSecret("password"),
  password_confirmation: requiredSecret("password confirmation"),
});

const SECRET_FIELDS = ["password", "password_confirmation"];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const { flash, headers } = await takeFlash(context, request);
  // Once reset, the page only shows the message; the API may have signed this browser out.
  if (!flash) requireAnonymous(context);
  const email = url.searchParams.get("email") ?? "";
  return data({ flash, email }, { headers });
}

/** POST /reset-password with the token from the route; the API's message either way. */
export async function action({ url, request, params, context }: Route.ActionArgs) {
  const { submission } = await parseSubmission(request, ResetPasswordSchema);
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: SECRET_FIELDS }) };
  }
  const api = context.get(apiClientContext);
  const result = await api.post("/reset-password", { ...submission.value, token: params.token });
  if (result.ok) {
    return redirectWithFlash(context, url.pathname + url.search, {
      kind: "success",
      message: messageOf(result.body) ?? "Your password has been reset.",
    });
  }
  return {
    result: replyWithApiFailure(submission, result, {
      hideFields: SECRET_FIELDS,
    }),
  };
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Reset Password");
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(ResetPasswordSchema, {
    id: "reset-password",
    lastResult: actionData?.result,
    defaultValue: { email: loaderData.email },
  });

  if (loaderData.flash?.kind === "success") {
    return (
      <AuthCard title="Reset Password">
        <FlashMessage flash={loaderData.flash} className="mt-6" />
        <p className="mt-6">
          <Link to="/account" className="button-primary w-full">
            Return To Login
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Reset Password">
      <p className="mt-3 text-muted">Choose a new password for your account.</p>
      <AppForm form={form} className="mt-6 space-y-5">
        <FlashMessage flash={loaderData.flash} />
        <FormMessage />
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          meta={fields.password_confirmation}
          label="Password Confirmation"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingText="Resetting…" className="w-full">
          Reset Password
        </SubmitButton>
      </AppForm>
    </AuthCard>
  );
}
