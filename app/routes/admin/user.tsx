import { AdminUserEditor } from "../../components/admin/admin-user-editor.tsx";
import { fullName } from "../../lib/admin-users.ts";
import { INTENT_FIELD } from "../../lib/form-intent.ts";
import { adminUserAction, loadAdminUserScreen } from "../../lib/admin-users.server.ts";
import { revalidateAfterConflict } from "../../lib/changed-meanwhile.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { flashUnanswered, formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/user";

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  return loadAdminUserScreen(context, { request, url, id: params.id });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return adminUserAction(context, params.id, request);
}

/**
 * A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts):
 * a Save's in the form; a button's (Turn Off, Send Invitation Again, Delete) where the screen's
 * messages are, and in the confirmation.
 */
export async function clientAction({ serverAction, request }: Route.ClientActionArgs) {
  const intent = (await request.clone().formData()).get(INTENT_FIELD);
  return unansweredAs(serverAction, (message) =>
    intent === "save" ? formUnanswered(message) : flashUnanswered(message),
  );
}

/** A save stopped by a change made meanwhile reloads the screen (record 053). */
export const shouldRevalidate = revalidateAfterConflict;

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return privatePageMeta(
    { matches },
    loaderData ? `Edit User: ${fullName(loaderData.user)}` : "Edit User",
  );
}

export default function AdminUser({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminUserEditor
      key={loaderData.user.id}
      user={loaderData.user}
      flash={(actionData && "flash" in actionData ? actionData.flash : null) ?? loaderData.flash}
      kept={loaderData.kept}
      confirmingDelete={loaderData.confirmingDelete}
      twoFactorCanBeTurnedOff={loaderData.twoFactorCanBeTurnedOff}
      // The save's answer says so, with JavaScript and without (the screen drawn from what was typed).
      gone={actionData !== undefined && "gone" in actionData}
      saveResult={actionData && "result" in actionData ? actionData.result : undefined}
      savedMeanwhile={
        actionData && "savedMeanwhile" in actionData ? actionData.savedMeanwhile : null
      }
    />
  );
}
