import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, useLocation } from "react-router";
import { EditUserSchema, fullName } from "../../lib/admin-users.ts";
import type { User } from "../../lib/api-types.ts";
import { useCurrentUser } from "../../lib/root-data.ts";
import { useAppForm } from "../../lib/use-app-form.ts";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { FormMessage, IntentField } from "../form-fields.tsx";
import { LocalDate } from "../local-date.tsx";
import { ConfirmDialog } from "../modal.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { AdminToolbar, SaveOrDeleteButtons } from "./admin-entry-parts.tsx";
import { UserFields } from "./admin-user-fields.tsx";

type Props = {
  user: User;
  flash: Flash | null;
  confirmingDelete: boolean;
  saveResult?: SubmissionResult<string[]> | null;
};

/** /admin/users/{id} (spec §2.5): the edit form, Save Changes and Delete User (confirmed). */
export function AdminUserEditor({ user, flash, confirmingDelete, saveResult }: Props) {
  const here = `/admin/users/${user.id}`;
  const isMe = useCurrentUser()?.id === user.id;
  // A new location (the redirect after a save) mounts a fresh form: the saved values, no passwords.
  const location = useLocation();
  return (
    <>
      <AdminToolbar backTo="/admin/users" />
      <ScreenHeading title="Edit User">
        {fullName(user)}
        {isMe ? " — your own account" : null}
      </ScreenHeading>
      {/* Spec §4: the save confirmation shows for 3 seconds. */}
      <FlashMessage flash={flash} hideAfterMs={3000} className="mt-6 max-w-3xl" />
      <UserFacts user={user} />
      <UserForm key={location.key} user={user} saveResult={saveResult} />

      {confirmingDelete ? <ConfirmDialog cancelTo={here} action={here} undoable={false} /> : null}
    </>
  );
}

/** What staff need to know and cannot change here: two-factor sign-in and the verified address. */
function UserFacts({ user }: { user: User }) {
  return (
    <dl className="mt-6 flex max-w-3xl flex-wrap gap-x-8 gap-y-1 rounded-xl bg-sand/60 px-4 py-3">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted">Two-factor sign-in:</dt>
        <dd className="font-semibold text-ink">{user.two_factor ? "On" : "Off"}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted">Email address:</dt>
        <dd className="font-semibold text-ink">
          {user.email_verified_at ? (
            <>
              Verified on <LocalDate iso={user.email_verified_at} />
            </>
          ) : (
            "Not verified"
          )}
        </dd>
      </div>
    </dl>
  );
}

function UserForm({
  user,
  saveResult,
}: {
  user: User;
  saveResult?: SubmissionResult<string[]> | null;
}) {
  const [form, fields] = useAppForm(EditUserSchema, {
    id: `user-${user.id}`,
    lastResult: saveResult,
    defaultValue: {
      firstname: user.firstname,
      lastname: user.lastname,
      email: user.email,
      role: user.role,
    },
  });
  return (
    <Form method="post" {...getFormProps(form)} className="mt-8 max-w-3xl space-y-6">
      <FormMessage form={form} />
      <IntentField value="save" />
      <UserFields
        fields={fields}
        passwordLabel="New Password"
        passwordHint="Leave both password fields empty to keep the current password."
      />
      <SaveOrDeleteButtons deleteLabel="Delete User" />
    </Form>
  );
}
