import { useLocation } from "react-router";
import { AdminEntryEditor } from "../../components/admin/admin-entry-editor.tsx";
import { adminEntryKindAt } from "../../lib/admin-entries.ts";
import {
  adminEntryAction,
  loadAdminEntryScreen,
  type EntrySaveData,
} from "../../lib/admin-entries.server.ts";
import { revalidateAfterConflict } from "../../lib/changed-meanwhile.ts";
import { draftFormKey } from "../../lib/drafts.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/entry";

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  return loadAdminEntryScreen(context, adminEntryKindAt(url.pathname).kind, {
    request,
    url,
    id: params.id,
  });
}

export async function action({ context, request, params, url }: Route.ActionArgs) {
  return adminEntryAction(context, adminEntryKindAt(url.pathname).kind, params.id, request);
}

/**
 * A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts):
 * the photo modal's (`?photo=`), or the edit form's.
 */
export const clientAction = ({ serverAction, url }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, (message): EntrySaveData =>
    url.searchParams.has("photo")
      ? { result: null, photoResult: formUnanswered(message).result }
      : formUnanswered(message),
  );

/** A save stopped by a colleague's change (409, record 057) shows the entry as saved now. */
export { revalidateAfterConflict as shouldRevalidate };

export function meta({ matches, location }: Route.MetaArgs) {
  return privatePageMeta({ matches }, adminEntryKindAt(location.pathname).editTitle);
}

export default function AdminEntry({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <AdminEntryEditor
      // Merging by hand starts the form again from what was typed; restoring a draft, from the draft.
      // A save stopped by a colleague's change, from the merged values (the editor keeps its own).
      key={`${draftFormKey(loaderData.entry.id, loaderData.draft)}-${actionData?.merge ? "merge" : ""}-${actionData?.savedMeanwhile ? `meanwhile-${loaderData.entry.updated_at ?? ""}` : ""}`}
      config={adminEntryKindAt(pathname)}
      entry={loaderData.entry}
      draft={loaderData.draft}
      flash={loaderData.flash}
      confirmingDelete={loaderData.confirmingDelete}
      imageMaxBytes={loaderData.imageMaxBytes}
      saveResult={actionData?.result}
      submittedArticle={actionData?.article}
      conflict={actionData?.conflict}
      merge={actionData?.merge}
      gone={actionData?.gone}
      savedMeanwhile={actionData?.savedMeanwhile}
    />
  );
}
