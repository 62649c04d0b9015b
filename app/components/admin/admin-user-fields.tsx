import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";
import { ROLE_CHOICES, USER_FORM_FIELDS } from "../../lib/admin-users.ts";
import { SelectField, TextField, firstInvalidField } from "../form-fields.tsx";

type UserFieldName = (typeof USER_FORM_FIELDS)[number];

/**
 * The fields the Add User modal and the edit screen share (spec §2.5, §5): names, email, Access
 * Level and a password pair. The first field with an error takes the focus, else `focusFirst`.
 * Autofill stays out of them: the admin is filling in someone else's details.
 */
export function UserFields({
  fields,
  passwordLabel,
  passwordHint,
  focusFirst,
  beforePassword,
  hidePassword = false,
}: {
  fields: Record<UserFieldName, FieldMetadata<string | undefined>>;
  passwordLabel: string;
  passwordHint?: string;
  /** The field to start in when none has an error. */
  focusFirst?: UserFieldName;
  /** Shown above the password pair: Add User's choice of an invitation (record 036). */
  beforePassword?: ReactNode;
  /** Leaves the password pair out of sight (an invitation was chosen, with JavaScript). */
  hidePassword?: boolean;
}) {
  const focus = firstInvalidField(USER_FORM_FIELDS.map((name) => fields[name])) ?? focusFirst;
  const hintId = `${fields.password.id}-group-hint`;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          meta={fields.firstname}
          label="First Name"
          autoComplete="off"
          focusFirst={focus === "firstname"}
        />
        <TextField
          meta={fields.lastname}
          label="Last Name"
          autoComplete="off"
          focusFirst={focus === "lastname"}
        />
      </div>
      <TextField
        meta={fields.email}
        label="Email"
        type="email"
        autoComplete="off"
        focusFirst={focus === "email"}
      />
      <SelectField
        meta={fields.role}
        label="Access Level"
        options={ROLE_CHOICES}
        hint="Admins can also manage the site's content and its users."
        focusFirst={focus === "role"}
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
            focusFirst={focus === "password"}
          />
          <TextField
            meta={fields.password_confirmation}
            label="Password Confirmation"
            type="password"
            autoComplete="new-password"
            focusFirst={focus === "password_confirmation"}
          />
        </div>
      </fieldset>
    </>
  );
}
