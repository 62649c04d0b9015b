import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { EditUserSchema, fullName, userFormValues } from "../../lib/admin-users.ts";
import type { SavedMeanwhile } from "../../lib/changed-meanwhile.ts";
import type { User } from "../../lib/api-types.ts";
import type { KeptAtSignOut } from "../../lib/drafts.ts";
import { useCurrentUser } from "../../lib/root-data.ts";
import { useAppForm, useFreshFormKey } from "../../lib/use-app-form.ts";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { FormMessage, IntentField, SubmitButton } from "../form-fields.tsx";
import { AppForm } from "../app-form.tsx";
import { LocalDate } from "../local-date.tsx";
import { LocalDateTime } from "../local-date-time.tsx";
import { ConfirmDialog } from "../modal.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { AdminToolbar, SaveOrDeleteButtons } from "./admin-entry-parts.tsx";
import { UserFields } from "./admin-user-fields.tsx";
import { KeptAtSignOutNotice } from "./autosave.tsx";
import { LoadedValuesField, SavedMeanwhileNote } from "./edit-conflict.tsx";

type Props = {
  user: User;
  flash: Flash | null;
  confirmingDelete: boolean;
  /** The user was deleted while this screen was open: only what was typed is left. */
  gone?: boolean;
  saveResult?: SubmissionResult<string[]> | null;
  /** What a Save sent after the session ended (record 050): the form starts from it. */
  kept?: KeptAtSignOut | null;
  /** The save was stopped: someone else changed these meanwhile (record 053). */
  savedMeanwhile?: readonly SavedMeanwhile[] | null;
  /** The API lets staff turn off a member's two-factor sign-in (ours does: record 063). */
  twoFactorCanBeTurnedOff?: boolean;
};

/** /admin/users/{id} (spec §2.5): the edit form, Save Changes and Delete User (confirmed). */
export function AdminUserEditor({
  user,
  flash,
  confirmingDelete,
  gone,
  saveResult,
  kept,
  savedMeanwhile,
  twoFactorCanBeTurnedOff = false,
}: Props) {
  const here = `/admin/users/${user.id}`;
  const isMe = useCurrentUser()?.id === user.id;
  // A new location (the redirect after a save) mounts a fresh form: the saved values, no passwords.
  const formKey = useFreshFormKey();
  return (
    <>
      <AdminToolbar backTo="/admin/users" />
      <ScreenHeading title="Edit User">
        {fullName(user)}
        {isMe ? " — your own account" : null}
      </ScreenHeading>
      {/* Spec §4: the save confirmation shows for 3 seconds. */}
      <FlashMessage flash={flash} hideAfterMs={3000} className="mt-6 max-w-3xl" />
      <KeptAtSignOutNotice kept={kept} />
      {gone ? null : <UserFacts user={user} twoFactorCanBeTurnedOff={twoFactorCanBeTurnedOff} />}
      {user.invitation && !gone ? <InvitationNote user={user} /> : null}
      {savedMeanwhile ? <SavedMeanwhileNote values={savedMeanwhile} /> : null}
      <UserForm
        key={formKey}
        user={user}
        typed={kept?.values}
        saveResult={saveResult}
        gone={gone}
      />

      {confirmingDelete ? (
        <ConfirmDialog
          cancelTo={here}
          action={here}
          subject={`the user “${fullName(user)}”`}
          pronoun="them"
        />
      ) : null}
    </>
  );
}

/**
 * What staff need to know and cannot set here: two-factor sign-in (which they can only turn off,
 * for a member who lost their authenticator: record 063) and the verified address.
 */
function UserFacts({
  user,
  twoFactorCanBeTurnedOff,
}: {
  user: User;
  twoFactorCanBeTurnedOff: boolean;
}) {
  return (
    <div className="mt-6 max-w-3xl rounded-xl bg-sand/60 px-4 py-3">
      <dl className="flex flex-wrap gap-x-8 gap-y-1">
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
      {user.two_factor && twoFactorCanBeTurnedOff ? <TurnOffTwoFactor /> : null}
    </div>
  );
}

/** For a member who lost their phone and their recovery codes, and cannot log in otherwise. */
function TurnOffTwoFactor() {
  return (
    <Form
      method="post"
      className="mt-3 flex flex-wrap items-center justify-between gap-3 border-t border-brand-100 pt-3"
    >
      <p className="max-w-xl text-sm text-muted">
        Lost their phone and their recovery codes? Turn two-factor sign-in off, and they log in with
        their password alone until they turn it on again. They are emailed. You will be asked to
        confirm your password first.
      </p>
      <IntentField value="two-factor-off" />
      <SubmitButton intent="two-factor-off" pendingText="Turning off…" variant="light">
        {/* One text in the flex button, which a phone wraps before "Sign-In", not at its hyphen. */}
        <span>
          Turn Off Two-Factor <span className="whitespace-nowrap">Sign-In</span>
        </span>
      </SubmitButton>
    </Form>
  );
}

/** A user who has not set a password yet: when their link ends, and a new one (record 036). */
function InvitationNote({ user }: { user: User }) {
  const invitation = user.invitation!;
  return (
    <div className="mt-4 flex max-w-3xl flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 px-4 py-3 ring-1 ring-brand-100">
      <p>
        {invitation.mailed_at ? (
          <>
            Invited: no password yet. The link in their invitation works until{" "}
            <LocalDateTime iso={invitation.expires_at} />.
          </>
        ) : (
          "Invited, but the invitation could not be mailed: no password yet."
        )}
      </p>
      <Form method="post">
        <IntentField value="invite" />
        <SubmitButton intent="invite" pendingText="Sending…" variant="light">
          Send Invitation Again
        </SubmitButton>
      </Form>
    </div>
  );
}

function UserForm({
  user,
  typed,
  saveResult,
  gone,
}: {
  user: User;
  typed?: Record<string, string>;
  saveResult?: SubmissionResult<string[]> | null;
  gone?: boolean;
}) {
  const [form, fields] = useAppForm(EditUserSchema, {
    id: `user-${user.id}`,
    lastResult: saveResult,
    defaultValue: { ...userFormValues(user), ...typed },
  });
  return (
    <AppForm form={form} className="mt-8 max-w-3xl space-y-6">
      <FormMessage />
      <IntentField value="save" />
      {/* Deleted meanwhile, the screen holds only what was typed: nothing to compare with. */}
      {gone ? null : (
        <LoadedValuesField values={userFormValues(user)} kept={typed} refusal={saveResult} />
      )}
      <UserFields
        fields={fields}
        passwordLabel="New Password"
        passwordHint="Leave both password fields empty to keep the current password."
      />
      <SaveOrDeleteButtons deleteLabel={gone ? undefined : "Delete User"} />
    </AppForm>
  );
}
