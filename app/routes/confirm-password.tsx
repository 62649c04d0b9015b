import { redirect } from "react-router";
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
import { requiredSecret } from "../lib/forms.ts";
import { requireUser } from "../lib/guards.server.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { privatePageMeta } from "../lib/seo.ts";
import {
  isActivationAfterConfirming,
  startTwoFactorActivation,
  TWO_FACTOR_PAGE,
} from "../lib/two-factor.server.ts";
import { formUnanswered, unansweredAs } from "../lib/unanswered-posts.ts";
import type { Route } from "./+types/confirm-password";
import { useAppForm } from "../lib/use-app-form.ts";

export const ConfirmPasswordSchema = z.object({
  password: requiredSecret("password"),
  redirectTo: z.string().optional(),
});

export function loader({ url, context }: Route.LoaderArgs) {
  requireUser({ url, context });
  return { redirectTo: redirectToOf(url, "/account") };
}

/**
 * POST /user/confirm-password; 201 → back to the page that asked for it (spec §2.4). When that
 * was Activate on the two-factor page, the activation goes on here, so the member returns to
 * the QR code instead of pressing Activate again.
 */
export async function action({ url, request, context }: Route.ActionArgs) {
  const user = requireUser({ url, context });
  const { submission } = await parseSubmission(request, ConfirmPasswordSchema);
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: ["password"] }) };
  }
  const api = context.get(apiClientContext);
  const result = await api.post("/user/confirm-password", { password: submission.value.password });
  if (result.ok) {
    const target = safeRedirectPath(submission.value.redirectTo, "/account");
    if (!isActivationAfterConfirming(target)) return redirect(target);
    await startTwoFactorActivation(api, user);
    return redirect(TWO_FACTOR_PAGE);
  }
  return {
    result: replyWithApiFailure(submission, result, { hideFields: ["password"] }),
  };
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Confirm Password");
}

export default function ConfirmPassword({ loaderData, actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(ConfirmPasswordSchema, {
    id: "confirm-password",
    lastResult: actionData?.result,
  });
  return (
    <AuthCard title="Confirm Password">
      <p className="mt-3 text-muted">
        This is a secure area of the site. Please confirm your password before continuing.
      </p>
      <AppForm form={form} className="mt-6 space-y-5">
        <FormMessage />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          initialFocus
        />
        <SubmitButton pendingText="Confirming…" className="w-full">
          Confirm
        </SubmitButton>
      </AppForm>
    </AuthCard>
  );
}
