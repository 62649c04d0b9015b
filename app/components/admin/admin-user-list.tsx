import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { Link } from "react-router";
import {
  ACCESS_CHOICES,
  AddUserSchema,
  fullName,
  roleLabel,
  type Access,
} from "../../lib/admin-users.ts";
import type { Role, User } from "../../lib/api-types.ts";
import type { KeptAtSignOut } from "../../lib/drafts.ts";
import { useCurrentUser, useRootData } from "../../lib/root-data.ts";
import { useAppForm, useFreshFormKey } from "../../lib/use-app-form.ts";
import { Pager } from "../entry-grid.tsx";
import { AdminListSearch, emptyListText, searchPagerQuery } from "./admin-list-search.tsx";
import type { Flash } from "../flash-message.tsx";
import { FlashMessage } from "./admin-flash-message.tsx";
import { FormMessage, IntentField, SubmitButton } from "../form-fields.tsx";
import { AppForm } from "../app-form.tsx";
import { Modal } from "../modal.tsx";
import { ScreenHeading } from "../side-menu.tsx";
import { AddItemLink, AdminToolbar, useAddModalAddress } from "./admin-entry-parts.tsx";
import { KeptAtSignOutNotice } from "./autosave.tsx";
import { UserFields } from "./admin-user-fields.tsx";

const LIST = "/admin/users";

type Props = {
  users: User[];
  page: number;
  pageCount: number;
  search: string;
  flash: Flash | null;
  adding: boolean;
  /** What an Add sent after the session ended, kept over Log In: the modal starts from it. */
  keptAdd?: KeptAtSignOut | null;
  createResult?: SubmissionResult<string[]> | null;
  /** The list could not be read: a message in its place, the rest of the screen as ever. */
  unavailable?: boolean;
};

/** /admin/users (spec §2.5): the table of users, a pager and the Add User modal. */
export function AdminUserList({
  users,
  page,
  pageCount,
  search,
  flash,
  adding,
  keptAdd,
  createResult,
  unavailable = false,
}: Props) {
  const me = useCurrentUser();
  return (
    <>
      <AdminToolbar backTo="/admin">
        <AddItemLink>Add User</AddItemLink>
      </AdminToolbar>
      <ScreenHeading title="Users">Everyone who can sign in, and their access level.</ScreenHeading>
      <FlashMessage flash={flash} hideAfterMs={3000} className="mt-6" />

      <div className="mt-8">
        <AdminListSearch search={search} label="Search users" />
      </div>
      <div className="mt-6">
        {users.length === 0 ? (
          <p className="rounded-2xl bg-sand/60 p-8 text-center text-muted">
            {emptyListText(search, "There are no users yet.", unavailable)}
          </p>
        ) : (
          <div className="overflow-hidden rounded-xl ring-1 ring-brand-100">
            <table className="w-full text-left">
              <caption className="sr-only">Users</caption>
              <thead className="bg-sand/60 text-sm font-semibold text-ink">
                <tr>
                  <th scope="col" className="px-3 py-3 sm:px-5">
                    Name
                  </th>
                  {/* On phones the access level sits under the name: three columns do not fit. */}
                  <th
                    scope="col"
                    className="hidden px-3 py-3 whitespace-nowrap sm:table-cell sm:px-5"
                  >
                    Access Level
                  </th>
                  <th scope="col" className="px-3 py-3 sm:px-5">
                    <span className="sr-only">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-brand-100">
                {users.map((user) => (
                  <UserRow key={user.id} user={user} isMe={user.id === me?.id} />
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager page={page} pageCount={pageCount} query={searchPagerQuery(search)} />
      </div>

      {adding ? <AddUserModal result={createResult} kept={keptAdd} /> : null}
    </>
  );
}

function UserRow({ user, isMe }: { user: User; isMe: boolean }) {
  const name = fullName(user);
  return (
    <tr className="align-middle hover:bg-brand-50/40">
      <th scope="row" className="px-3 py-3 font-normal sm:px-5">
        <span className="font-semibold text-ink">{name}</span>
        {isMe ? (
          <span className="ml-2 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-800 ring-1 ring-brand-100">
            You
          </span>
        ) : null}
        {user.invitation ? (
          <span className="ml-2 rounded-full bg-sand px-2 py-0.5 text-xs font-semibold text-ink ring-1 ring-brand-100">
            Invited
          </span>
        ) : null}
        <span className="block text-sm text-muted [overflow-wrap:anywhere]">{user.email}</span>
        <span className="mt-1.5 block sm:hidden">
          <span className="sr-only">Access Level: </span>
          <RoleBadge role={user.role} />
        </span>
      </th>
      <td className="hidden px-3 py-3 sm:table-cell sm:px-5">
        <RoleBadge role={user.role} />
      </td>
      <td className="px-3 py-3 text-right sm:px-5">
        <Link
          to={`${LIST}/${user.id}`}
          aria-label={`View ${name}`}
          className="rounded-full bg-brand-50 px-4 py-1.5 font-semibold text-brand-800 no-underline ring-1 ring-brand-100 hover:bg-brand-100"
        >
          View
        </Link>
      </td>
    </tr>
  );
}

function RoleBadge({ role }: { role: Role }) {
  const tone =
    role === "admin"
      ? "bg-donate-500/15 text-donate-700"
      : "bg-sand text-ink ring-1 ring-brand-100";
  return (
    <span className={`inline-block rounded-full px-3 py-0.5 text-sm font-semibold ${tone}`}>
      {roleLabel(role)}
    </span>
  );
}

type AddUserProps = {
  result?: SubmissionResult<string[]> | null;
  kept?: KeptAtSignOut | null;
};

function AddUserModal({ result, kept }: AddUserProps) {
  // An answer mounts a fresh form, as without JavaScript: what was typed, never the passwords.
  const formKey = useFreshFormKey();
  const { closeTo } = useAddModalAddress();
  return (
    <Modal title="Add User" closeTo={closeTo}>
      <AddUserForm key={formKey} result={result} kept={kept} />
    </Modal>
  );
}

function AddUserForm({ result, kept }: AddUserProps) {
  // Invitations are our API's (record 036): a Laravel backend needs the password now.
  const invitations = useRootData()?.settings.editable ?? false;
  const [form, fields] = useAppForm(AddUserSchema, {
    id: "add-user",
    lastResult: result,
    defaultValue: { role: "user", access: invitations ? "invite" : "password", ...kept?.values },
  });
  const { openTo } = useAddModalAddress();
  // Without JavaScript both choices and the password pair show: the post decides.
  const hydrated = useHydrated();
  const [access, setAccess] = useState<Access>(
    fields.access.initialValue === "password" || !invitations ? "password" : "invite",
  );
  return (
    <AppForm form={form} action={openTo} className="space-y-5">
      <KeptAtSignOutNotice kept={kept} addButton="Add User" className="" />
      <FormMessage />
      <IntentField value="create" />
      <UserFields
        fields={fields}
        passwordLabel="Password"
        passwordHint={
          invitations
            ? "Only needed when you set a password now: an invitation leaves it to them."
            : undefined
        }
        initialFocus
        hidePassword={hydrated && access === "invite"}
        beforePassword={
          invitations ? (
            <AccessChoice name={fields.access.name} value={access} onChange={setAccess} />
          ) : null
        }
      />
      <div className="flex justify-end">
        <SubmitButton intent="create" pendingText="Adding…">
          {hydrated && access === "invite" ? "Add User and Send Invitation" : "Add User"}
        </SubmitButton>
      </div>
    </AppForm>
  );
}

/** Two radios: without JavaScript both choices and the password pair show; the post decides. */
function AccessChoice({
  name,
  value,
  onChange,
}: {
  name: string;
  value: Access;
  onChange: (access: Access) => void;
}) {
  return (
    <fieldset className="min-w-0">
      <legend className="font-semibold text-ink">How will they sign in?</legend>
      <div className="mt-2 grid gap-2 sm:grid-cols-2">
        {ACCESS_CHOICES.map((choice) => {
          const id = `${name}-${choice.value}`;
          return (
            <div
              key={choice.value}
              className="flex gap-3 rounded-xl p-3 ring-1 ring-brand-100 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-600"
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
                aria-describedby={`${id}-hint`}
                className="mt-1 size-4 shrink-0 accent-brand-700"
              />
              <div>
                <label htmlFor={id} className="block cursor-pointer font-semibold text-ink">
                  {choice.label}
                </label>
                <p id={`${id}-hint`} className="text-sm text-muted">
                  {choice.hint}
                </p>
              </div>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}
