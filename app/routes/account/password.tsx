import { data, useActionData } from "react-router";
import { z } from "zod";
import { FlashMessage } from "../../components/flash-message.tsx";
import { FormMessage, SubmitButton, TextField } from "../../components/form-fields.tsx";
import { AppForm } from "../../components/app-form.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { redirectWithFlash, takeFlash } from "../../lib/flash.server.ts";
import { parseSubmission, replyWithApiFailure } from "../../lib/forms.server.ts";
import { requiredSecret } from "../../lib/forms.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/password";
import { useAppForm, useFreshFormKey } from "../../lib/use-app-form.ts";

export const ChangePasswordSchema = z.object({
  current_password: requiredSecret("current password"),
  password: requiredSecret("password"),
  password_confirmation: requiredSecret("password confirmation"),
});

const SECRET_FIELDS = ["current_password", "password", "password_confirmation"];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  requireUser({ url, context });
  const { flash, headers } = await takeFlash(context, request);
  return data({ flash }, { headers });
}

/** PUT /user/password; on 200 the page comes back empty with a message (spec §4: the form resets). */
export async function action({ url, request, context }: Route.ActionArgs) {
  requireUser({ url, context });
  const { submission } = await parseSubmission(request, ChangePasswordSchema);
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: SECRET_FIELDS }) };
  }
  const api = context.get(apiClientContext);
  const result = await api.put("/user/password", submission.value);
  if (!result.ok) {
    return {
      result: replyWithApiFailure(submission, result, {
        hideFields: SECRET_FIELDS,
      }),
    };
  }
  return redirectWithFlash(context, "/account/password", {
    kind: "success",
    message: "Your password has been changed.",
  });
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Change Password");
}

export default function AccountPassword({ loaderData }: Route.ComponentProps) {
  // A new location (the redirect after a save) mounts a fresh, empty form.
  const formKey = useFreshFormKey();
  return (
    <>
      <ScreenHeading title="Change Password">Choose a new password for signing in.</ScreenHeading>
      <FlashMessage flash={loaderData.flash} className="mt-8 max-w-xl" />
      <ChangePasswordForm key={formKey} />
    </>
  );
}

function ChangePasswordForm() {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAppForm(ChangePasswordSchema, {
    id: "change-password",
    lastResult: actionData?.result,
  });
  return (
    <AppForm form={form} className="mt-8 max-w-xl space-y-5">
      <FormMessage />
      <TextField
        meta={fields.current_password}
        label="Current Password"
        type="password"
        autoComplete="current-password"
      />
      <TextField
        meta={fields.password}
        label="New Password"
        type="password"
        autoComplete="new-password"
      />
      <TextField
        meta={fields.password_confirmation}
        label="Password Confirmation"
        type="password"
        autoComplete="new-password"
      />
      <SubmitButton pendingText="Updating…">Update</SubmitButton>
    </AppForm>
  );
}
