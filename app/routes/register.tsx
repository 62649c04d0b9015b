import { Link } from "react-router";
import { z } from "zod";
import { FormMessage, SubmitButton, TextField } from "../components/form-fields.tsx";
import { AppForm } from "../components/app-form.tsx";
import { HoneypotField } from "../components/form-honeypot.tsx";
import { AuthCard } from "../components/page-intro.tsx";
import { redirectWithFlash } from "../lib/flash.server.ts";
import { parseSubmission, rejectSpam, replyWithApiFailure } from "../lib/forms.server.ts";
import {
  newPassword,
  requiredEmail,
  requiredSecret,
  requiredText,
  withConfirmedPassword,
} from "../lib/forms.ts";
import { requireAnonymous } from "../lib/guards.server.ts";
import { apiClientContext } from "../lib/request-context.server.ts";
import { useRootData } from "../lib/root-data.ts";
import { privatePageMeta } from "../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../lib/unanswered-posts.ts";
import type { Route } from "./+types/register";
import { useAppForm } from "../lib/use-app-form.ts";

/**
 * The browser's checks: required fields and the email's shape (spec §5), and the password rules
 * of DESIGN §5 (at least 8 characters, confirmed), worded as the API words them.
 */
export const RegisterSchema = withConfirmedPassword(
  z.object({
    firstname: requiredText("firstname"),
    lastname: requiredText("lastname"),
    email: requiredEmail(),
    password: newPassword(),
    password_confirmation: requiredSecret("password confirmation"),
  }),
);

const FIELDS = ["firstname", "lastname", "email", "password", "password_confirmation"] as const;
const SECRET_FIELDS = ["password", "password_confirmation"];

export function loader({ context }: Route.LoaderArgs) {
  requireAnonymous(context);
  return null;
}

/**
 * POST /register: signed in on 201, then Home with a welcome (spec §2.4). The API is asked even
 * when the browser's checks failed, so one answer lists every field's errors (spec §5), the
 * API's own (an address already taken) with ours; the API has the last word.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { formData, submission } = await parseSubmission(request, RegisterSchema);
  rejectSpam(formData);
  const registration = Object.fromEntries(
    FIELDS.map((name) => {
      const value = formData.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  ) as Record<(typeof FIELDS)[number], string>;
  const api = context.get(apiClientContext);
  const result = await api.post("/register", registration);
  if (result.ok) {
    return redirectWithFlash(context, "/", {
      kind: "success",
      message: `Welcome, ${registration.firstname.trim()}. We have sent a link to ${registration.email.trim()} to confirm your address.`,
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
  return privatePageMeta({ matches }, "Register");
}

export default function Register({ actionData }: Route.ComponentProps) {
  const [form, fields] = useAppForm(RegisterSchema, {
    id: "register",
    lastResult: actionData?.result,
    serverListsEveryError: true,
  });
  // Only what the account offers: download and delete are our API's extensions.
  const extensions = useRootData()?.settings.editable ?? false;
  return (
    <AuthCard title="Register">
      <p className="mt-3 text-muted">
        Your account lets you keep your details up to date and protect it with two factor
        authentication
        {extensions ? ". You can download your data or delete the account at any time." : "."}
      </p>
      {/* Registration shows the errors per field (spec §5); the overall message only without one. */}
      <AppForm form={form} messageAlone className="relative mt-6 space-y-5">
        <FormMessage />
        <HoneypotField />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField meta={fields.firstname} label="Firstname" autoComplete="given-name" />
          <TextField meta={fields.lastname} label="Lastname" autoComplete="family-name" />
        </div>
        <TextField meta={fields.email} label="Email" type="email" autoComplete="email" />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="new-password"
        />
        <TextField
          meta={fields.password_confirmation}
          label="Repeat Password"
          type="password"
          autoComplete="new-password"
        />
        <SubmitButton pendingText="Registering…" className="w-full">
          Register
        </SubmitButton>
      </AppForm>
      <p className="mt-6 border-t border-brand-100 pt-5 text-center text-muted">
        Already registered?{" "}
        <Link
          to="/login"
          className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-900"
        >
          Log in
        </Link>
      </p>
    </AuthCard>
  );
}
