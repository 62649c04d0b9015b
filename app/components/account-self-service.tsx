import type { SubmissionResult } from "@conform-to/react";
import { useId } from "react";
import { z } from "zod";
import { requiredSecret } from "../lib/forms.ts";
import { useAppForm } from "../lib/use-app-form.ts";
import { FormMessage, IntentField, SubmitButton, TextField } from "./form-fields.tsx";
import { AppForm } from "./app-form.tsx";

/** Where the member's data downloads from (a resource route: a plain link, with or without JavaScript). */
export const MY_DATA_PATH = "/account/my-data";

export const DELETE_ACCOUNT_INTENT = "delete-account";

export const DeleteAccountSchema = z.object({ password: requiredSecret("password") });

const sectionClass = "mt-10 max-w-2xl border-t border-brand-100 pt-8";

/** "Download my data": a copy of what the site keeps about the member, as a JSON file. */
export function MyDataSection() {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="text-2xl font-semibold">
        Your data
      </h2>
      <p className="mt-2 text-muted">
        Download a copy of what we keep about you: your profile, where you are signed in and what
        you have done on the site, in one JSON file.
      </p>
      <p className="mt-5">
        <a href={MY_DATA_PATH} download className="button-light">
          Download my data
        </a>
      </p>
    </section>
  );
}

/**
 * "Delete account": asks for the password and posts to the dashboard's action. Staff are told
 * that what they made for the site stays (the API keeps it, under the name they had).
 */
export function DeleteAccountSection({
  result,
  isAdmin,
}: {
  result?: SubmissionResult<string[]> | null;
  isAdmin: boolean;
}) {
  const headingId = useId();
  const [form, fields] = useAppForm(DeleteAccountSchema, {
    id: "delete-account",
    lastResult: result,
  });
  return (
    <section aria-labelledby={headingId} className={sectionClass}>
      <h2 id={headingId} className="text-2xl font-semibold">
        Delete account
      </h2>
      <p className="mt-2 text-muted">
        This deletes your account and signs you out on every device. It cannot be undone.
        {isAdmin ? " What you made for the site stays on it." : ""}
      </p>
      <AppForm form={form} className="mt-5 max-w-sm space-y-5">
        <FormMessage />
        <IntentField value={DELETE_ACCOUNT_INTENT} />
        <TextField
          meta={fields.password}
          label="Password"
          type="password"
          autoComplete="current-password"
          hint="Your password, to confirm it is you."
          // Also after a refusal with only the form's message (this section sits on the dashboard).
          initialFocus={form.status === "error"}
        />
        <SubmitButton intent={DELETE_ACCOUNT_INTENT} pendingText="Deleting…" variant="danger">
          Delete account
        </SubmitButton>
      </AppForm>
    </section>
  );
}
