import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { ROLE_CHOICES, USER_FIELD_LABELS, type USER_FORM_FIELDS } from "../../lib/admin-users.ts";
import { SelectField, TextField } from "../form-fields.tsx";

type UserFieldName = (typeof USER_FORM_FIELDS)[number];

/**
 * The fields the Add User modal and the edit screen share (spec §2.5, §5): names, email, Access
 * Level and a password pair. The first field with an error takes the focus.
 * Autofill stays out of them: the admin is filling in someone else's details.
 */
export function UserFields({
  fields,
  passwordLabel,
  passwordHint,
  initialFocus,
  beforePassword,
  hidePassword = false,
}: {
  fields: Record<UserFieldName, FieldMetadata<string | undefined>>;
  passwordLabel: string;
  passwordHint?: string;
  /** The first name starts focused while no field has an error (the Add User modal). */
  initialFocus?: boolean;
  /** Shown above the password pair: Add User's choice of an invitation (record 036). */
  beforePassword?: ReactNode;
  /** Leaves the password pair out of sight (an invitation was chosen, with JavaScript). */
  hidePassword?: boolean;
}) {
  const hintId = `${fields.password.id}-group-hint`;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fields.firstname}
          label={USER_FIELD_LABELS.firstname}
          autoComplete="off"
          initialFocus={initialFocus}
        />
        <TextField meta={fields.lastname} label={USER_FIELD_LABELS.lastname} autoComplete="off" />
      </div>
      <TextField
        meta={fields.email}
        label={USER_FIELD_LABELS.email}
        type="email"
        autoComplete="off"
      />
      <SelectField
        meta={fields.role}
        label={USER_FIELD_LABELS.role}
        options={ROLE_CHOICES}
        hint="Admins can also manage the site's content and its users."
      />
      {beforePassword}
      <fieldset
        aria-describedby={passwordHint ? hintId : undefined}
        className="min-w-0"
        hidden={hidePassword}
      >
        <legend className="sr-only">Password</legend>
        {passwordHint ? (
          <p id={hintId} className="mb-3 rounded-lg bg-sand/60 px-3.5 py-2.5 text-sm text-muted">
            {passwordHint}
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            meta={fields.password}
            label={passwordLabel}
            type="password"
            autoComplete="new-password"
          />
          <TextField
            meta={fields.password_confirmation}
            label="Password Confirmation"
            type="password"
            autoComplete="new-password"
          />
        </div>
      </fieldset>
    </>
  );
}
