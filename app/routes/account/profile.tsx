import { data, useActionData } from "react-router";
import { z } from "zod";
import { FlashMessage } from "../../components/flash-message.tsx";
import { FormMessage, SubmitButton, TextField } from "../../components/form-fields.tsx";
import { AppForm } from "../../components/app-form.tsx";
import { ScreenHeading } from "../../components/side-menu.tsx";
import { redirectWithFlash, takeFlash } from "../../lib/flash.server.ts";
import { parseSubmission, replyWithApiFailure } from "../../lib/forms.server.ts";
import { requiredEmail, requiredText } from "../../lib/forms.ts";
import { requireUser } from "../../lib/guards.server.ts";
import { apiClientContext } from "../../lib/request-context.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/profile";
import { useAppForm, useFreshFormKey } from "../../lib/use-app-form.ts";

export const ProfileSchema = z.object({
  firstname: requiredText("firstname"),
  lastname: requiredText("lastname"),
  email: requiredEmail(),
  /** Only a new email address needs it (the API says so under this name when it is missing). */
  current_password: z.string().optional(),
});

const SECRET_FIELDS = ["current_password"];

export async function loader({ url, request, context }: Route.LoaderArgs) {
  const user = requireUser({ url, context });
  const { flash, headers } = await takeFlash(context, request);
  // An Update sent back undone while the API did not answer (record 061) starts from what was typed.
  const {
    firstname = user.firstname,
    lastname = user.lastname,
    email = user.email,
  } = flash?.typed ?? {};
  return data({ flash, profile: { firstname, lastname, email } }, { headers });
}

/** PUT /user/profile-information; a new email address is unverified until its link is followed. */
export async function action({ url, request, context }: Route.ActionArgs) {
  const user = requireUser({ url, context });
  const { submission } = await parseSubmission(request, ProfileSchema);
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: SECRET_FIELDS }) };
  }
  const api = context.get(apiClientContext);
  const result = await api.put("/user/profile-information", submission.value);
  if (!result.ok) {
    return { result: replyWithApiFailure(submission, result, { hideFields: SECRET_FIELDS }) };
  }
  const emailChanged = submission.value.email.toLowerCase() !== user.email.toLowerCase();
  return redirectWithFlash(context, "/account/profile", {
    kind: "success",
    message: emailChanged
      ? "Your Changes Have Been Saved. Please follow the link we emailed to your new address to verify it."
      : "Your Changes Have Been Saved",
  });
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Update Profile");
}

export default function AccountProfile({ loaderData }: Route.ComponentProps) {
  // A new location (the redirect after a save) mounts a fresh form: the password typed is gone.
  const formKey = useFreshFormKey();
  return (
    <>
      <ScreenHeading title="Update Profile">
        Keep your name and email address up to date.
      </ScreenHeading>
      <ProfileForm key={formKey} loaderData={loaderData} />
    </>
  );
}

function ProfileForm({ loaderData }: { loaderData: Route.ComponentProps["loaderData"] }) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useAppForm(ProfileSchema, {
    id: "profile",
    lastResult: actionData?.result,
    defaultValue: loaderData.profile,
  });
  return (
    <AppForm form={form} className="mt-8 max-w-xl space-y-5">
      <FlashMessage flash={loaderData.flash} />
      <FormMessage />
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField meta={fields.firstname} label="First Name" autoComplete="given-name" />
        <TextField meta={fields.lastname} label="Last Name" autoComplete="family-name" />
      </div>
      <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
      <TextField
        meta={fields.current_password}
        label="Current Password"
        type="password"
        autoComplete="current-password"
        hint="Needed only to change your email address."
      />
      <SubmitButton pendingText="Updating…">Update</SubmitButton>
    </AppForm>
  );
}
