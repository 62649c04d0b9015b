import type { Submission } from "@conform-to/react";
import { flashAfterDelete } from "./admin-trash.server.ts";
import { parseWithZod } from "@conform-to/zod/v4";
import { createContext, data, type RouterContextProvider } from "react-router";
import {
  ADMIN_PAGE_SIZE,
  readAdminListPage,
  requestedPage,
  requestedSearch,
} from "./admin-lists.server.ts";
import {
  AddUserSchema,
  EditUserSchema,
  USER_FORM_FIELDS,
  USER_SECRET_FIELDS,
  USER_FIELD_LABELS,
  fullName,
  roleLabel,
  userFormValues,
} from "./admin-users.ts";
import { changedMeanwhileAnswer, mergeChangedMeanwhile } from "./changed-meanwhile.ts";
import {
  assertOk,
  messageOf,
  throwNotFound,
  unusableAsBadGateway,
  type ApiResult,
} from "./api.server.ts";
import { UserSchema, type User } from "./api-types.ts";
import { redirectWithFlash, takeFlash } from "./flash.server.ts";
import { replyWithApiFailure } from "./forms.server.ts";
import { INTENT_FIELD } from "./forms.ts";
import { goneWhileEditingMessage } from "./history.server.ts";
import { keptAtSignOutOf, takeKeptAdd, takeKeptForm } from "./kept-forms.server.ts";
import { requireRecordId } from "./guards.server.ts";
import { apiClientContext, siteSettingsContext } from "./request-context.server.ts";
import type { Flash } from "../components/flash-message.tsx";

type Context = Readonly<RouterContextProvider>;

const LIST = "/admin/users";

/** /admin/users: a page of users (by name), the flash left for it, whether Add User is open. */
export async function loadAdminUserListScreen(
  context: Context,
  { request, url }: { request: Request; url: URL },
) {
  const [list, { flash, headers }, keptAdd] = await Promise.all([
    readAdminListPage(context, "/api/users", UserSchema, {
      page: requestedPage(url),
      limit: ADMIN_PAGE_SIZE,
      listPath: LIST,
      search: requestedSearch(url),
    }),
    takeFlash(context, request),
    takeKeptAdd(context, request, url),
  ]);
  return data(
    {
      users: list.results,
      page: list.page,
      pageCount: list.pageCount,
      search: list.search,
      unavailable: list.unavailable,
      flash,
      adding: url.searchParams.has("add"),
      keptAdd,
    },
    { headers },
  );
}

/** The list's one post: Add User. On success the list shows with a flash (spec §4: no edit screen). */
export async function adminUserListAction(context: Context, request: Request) {
  const formData = await request.formData();
  if (formData.get(INTENT_FIELD) !== "create") throw data("Unknown action.", { status: 400 });
  const submission = parseWithZod(formData, { schema: AddUserSchema });
  if (submission.status !== "success") {
    return { result: submission.reply({ hideFields: USER_SECRET_FIELDS }) };
  }
  const api = context.get(apiClientContext);
  const { access, ...details } = submission.value;
  // Invitations are our API's (record 036); in front of Laravel the form has no such choice.
  const invite = access === "invite" && context.get(siteSettingsContext).editable;
  const body = invite
    ? {
        firstname: details.firstname,
        lastname: details.lastname,
        email: details.email,
        role: details.role,
        send_invitation: true,
      }
    : details;
  const created = await api.post("/api/users", body, { schema: UserSchema });
  if (!created.ok) return { result: replyWithUserFailure(submission, created) };
  if (!invite)
    return redirectWithFlash(context, LIST, {
      kind: "success",
      message: `User added: ${fullName(created.body)}.`,
    });
  return redirectWithFlash(context, LIST, invitationFlash(created.body));
}

/** After an invitation: sent, or the user kept and the way to send it again. */
function invitationFlash(user: User): Flash {
  if (user.invitation?.mailed_at)
    return {
      kind: "success",
      message: `User added: ${fullName(user)}. An invitation was sent to ${user.email}.`,
    };
  return {
    kind: "error",
    message: `User added: ${fullName(user)}, but the invitation could not be mailed. Send it again from`,
    link: { href: `${LIST}/${user.id}`, text: "their page." },
  };
}

/** /admin/users/{id}: the user, the flash left for the screen and the delete step. */
export async function loadAdminUserScreen(
  context: Context,
  { request, url, id }: { request: Request; url: URL; id: string },
) {
  const gone = context.get(goneWhileEditingContext);
  const [user, { flash, headers }, kept] = await Promise.all([
    gone ?? loadAdminUser(context, id),
    gone ? { flash: null, headers: undefined } : takeFlash(context, request),
    gone ? null : takeKeptForm(context, request, url),
  ]);
  return data(
    {
      user,
      flash,
      // Without JavaScript, a Save that met an ended session comes back after Log In (record 050).
      kept: kept && keptAtSignOutOf(kept),
      confirmingDelete: url.searchParams.get("confirm") === "delete",
      // Our API's (record 063); Laravel's Fortify lets only the member turn it off.
      twoFactorCanBeTurnedOff: context.get(siteSettingsContext).editable,
    },
    { headers },
  );
}

/** The user named by the route's `:id`; a malformed or unknown id is the 404 page. */
async function loadAdminUser(context: Context, id: string): Promise<User> {
  requireRecordId(id);
  return unusableAsBadGateway(context.get(apiClientContext).read(`/api/users/${id}`, UserSchema));
}

/**
 * The user a save found deleted (a stale tab), as typed: the loaders after the action draw the
 * screen from it instead of answering the 404 page.
 */
const goneWhileEditingContext = createContext<User | null>(null);

function goneWhileEditing(context: Context, id: string, formData: FormData) {
  const submission = parseWithZod(formData, { schema: EditUserSchema });
  const typed = (field: string) => String(formData.get(field) ?? "");
  context.set(goneWhileEditingContext, {
    id: Number(id),
    firstname: typed("firstname"),
    lastname: typed("lastname"),
    email: typed("email"),
    role: typed("role") === "admin" ? "admin" : "user",
    two_factor: false,
    email_verified_at: null,
    invitation: null,
  });
  const message = goneWhileEditingMessage(context);
  const result = submission.reply({ formErrors: [message], hideFields: USER_SECRET_FIELDS });
  return data({ result, gone: true as const }, { status: 404 });
}

/** A save stopped because someone else changed the user meanwhile (record 053); 409. */
function changedWhileEditing(
  submission: Submission<unknown>,
  current: User,
  changed: readonly string[],
) {
  const shown = { ...userFormValues(current), role: roleLabel(current.role) };
  const answer = changedMeanwhileAnswer(
    submission,
    changed,
    shown,
    USER_FIELD_LABELS,
    USER_SECRET_FIELDS,
  );
  return data(answer, { status: 409 });
}

/**
 * The edit screen's posts. Save stays on the screen with its confirmation (spec §4, §8:
 * "Changes saved...."); Delete goes to the list, or back here with the API's refusal (the
 * admin's own account, the last admin).
 */
export async function adminUserAction(context: Context, id: string, request: Request) {
  const userId = requireRecordId(id);
  const formData = await request.formData();
  const api = context.get(apiClientContext);
  const here = `${LIST}/${userId}`;

  switch (formData.get(INTENT_FIELD)) {
    case "save": {
      const submission = parseWithZod(formData, { schema: EditUserSchema });
      if (submission.status !== "success") {
        return { result: submission.reply({ hideFields: USER_SECRET_FIELDS }) };
      }
      const now = await api.get(`/api/users/${userId}`, { schema: UserSchema });
      if (now.status === 404) return goneWhileEditing(context, id, formData);
      let saving = submission;
      if (now.ok) {
        const { merged, conflicts } = mergeChangedMeanwhile(formData, userFormValues(now.body));
        const mergedSubmission = parseWithZod(merged, { schema: EditUserSchema });
        if (mergedSubmission.status === "success") saving = mergedSubmission;
        if (conflicts.length > 0) return changedWhileEditing(saving, now.body, conflicts);
      }
      // An empty password keeps the current one (record 012).
      const { password = "", password_confirmation = "", ...details } = saving.value;
      const saved = await api.patch(
        `/api/users/${userId}`,
        { ...details, password, password_confirmation },
        { schema: UserSchema },
      );
      if (saved.status === 404) return goneWhileEditing(context, id, formData);
      if (!saved.ok) return { result: replyWithUserFailure(saving, saved) };
      return redirectWithFlash(context, here, { kind: "success", message: "Changes saved...." });
    }
    case "invite": {
      const user = await loadAdminUser(context, id);
      const invited = await api.post(
        `/api/users/${user.id}/invitation`,
        {},
        { schema: UserSchema },
      );
      if (!invited.ok && invited.status !== 422) assertOk(invited, `Inviting ${here}`);
      const flash: Flash = !invited.ok
        ? { kind: "error", message: messageOf(invited.body) ?? "No invitation was sent." }
        : invited.body.invitation?.mailed_at
          ? { kind: "success", message: `A new invitation was sent to ${user.email}.` }
          : { kind: "error", message: "The invitation could not be mailed. Try again later." };
      return redirectWithFlash(context, here, flash);
    }
    case "two-factor-off": {
      const user = await loadAdminUser(context, id);
      // A 423 is the confirm-password screen, which comes back here (spec §4).
      const turnedOff = await api.delete(`/api/users/${user.id}/two-factor-authentication`);
      // Deleted a moment ago by someone else: the 404 page, as for any other post here.
      if (turnedOff.status === 404) throwNotFound();
      assertOk(turnedOff, `Turning off two-factor sign-in of ${here}`);
      return redirectWithFlash(context, here, {
        kind: "success",
        message: `Two-factor sign-in is off for ${fullName(user)}. They were emailed.`,
      });
    }
    case "delete": {
      const user = await loadAdminUser(context, id);
      const deleted = await api.delete(`/api/users/${user.id}`);
      if (deleted.status === 422) {
        return redirectWithFlash(context, here, {
          kind: "error",
          message: messageOf(deleted.body) ?? "This user cannot be deleted.",
        });
      }
      // A 404: someone else deleted them a moment ago; the outcome is the same.
      if (deleted.status !== 404) assertOk(deleted, `Deleting ${here}`);
      // Our API keeps the user in the trash, and the list offers Undo (record 055).
      return redirectWithFlash(
        context,
        LIST,
        flashAfterDelete(deleted, `“${fullName(user)}” was deleted.`),
      );
    }
    default:
      throw data("Unknown action.", { status: 400 });
  }
}

/** The API's refusal on the user forms: the first message under each field, the rest on top. */
function replyWithUserFailure(submission: Submission<unknown>, result: ApiResult) {
  return replyWithApiFailure(submission, result, {
    hideFields: USER_SECRET_FIELDS,
    firstErrorOnly: true,
    fields: USER_FORM_FIELDS,
  });
}
