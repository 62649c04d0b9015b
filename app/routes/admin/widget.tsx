import { AdminWidgetEditor } from "../../components/admin/admin-widgets.tsx";
import { widgetRevision } from "../../lib/admin-widgets.ts";
import {
  adminWidgetAction,
  loadAdminWidgetScreen,
  type WidgetSaveData,
} from "../../lib/admin-widgets.server.ts";
import { revalidateAfterConflict } from "../../lib/changed-meanwhile.ts";
import { draftFormKey } from "../../lib/drafts.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/widget";

export async function loader({ context, request, url, params }: Route.LoaderArgs) {
  return loadAdminWidgetScreen(context, { request, url, id: params.id });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return adminWidgetAction(context, params.id, request);
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, (message): WidgetSaveData => ({
    ...formUnanswered(message),
    html: undefined,
  }));

/** A save stopped by a colleague's change (409, record 057) shows the widget as saved now. */
export { revalidateAfterConflict as shouldRevalidate };

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Edit Widget");
}

export default function AdminWidget({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminWidgetEditor
      // A save that changed the widget starts the form again from it (its file input empty);
      // restoring a draft, from the draft.
      key={draftFormKey(widgetRevision(loaderData.widget), loaderData.draft)}
      widget={loaderData.widget}
      draft={loaderData.draft}
      flash={loaderData.flash}
      deletable={loaderData.deletable}
      confirmingDelete={loaderData.confirmingDelete}
      returnTo={loaderData.returnTo}
      saveResult={actionData?.result}
      submittedHtml={actionData?.html}
      conflict={actionData && "conflict" in actionData ? actionData.conflict : undefined}
      merge={actionData && "merge" in actionData ? actionData.merge : undefined}
      gone={actionData && "gone" in actionData ? actionData.gone : undefined}
      savedMeanwhile={
        actionData && "savedMeanwhile" in actionData ? actionData.savedMeanwhile : undefined
      }
    />
  );
}
