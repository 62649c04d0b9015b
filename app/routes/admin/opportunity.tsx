import { AdminEntryEditor } from "../../components/admin/admin-entry-editor.tsx";
import { ADMIN_ENTRY_KINDS } from "../../lib/admin-entries.ts";
import { adminEntryAction, loadAdminEntryScreen } from "../../lib/admin-entries.server.ts";
import { draftFormKey, keepScreenOnAutosave } from "../../lib/drafts.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/opportunity";

const config = ADMIN_ENTRY_KINDS.opportunities;

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  return loadAdminEntryScreen(context, config.kind, { request, url, id: params.id });
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return adminEntryAction(context, config.kind, params.id, request);
}

export const shouldRevalidate = keepScreenOnAutosave;

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, config.editTitle);
}

export default function AdminOpportunity({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminEntryEditor
      // Merging by hand starts the form again from what was typed; restoring a draft, from the draft.
      key={`${draftFormKey(loaderData.entry.id, loaderData.draft)}-${actionData?.merge ? "merge" : ""}`}
      config={config}
      entry={loaderData.entry}
      draft={loaderData.draft}
      flash={loaderData.flash}
      confirmingDelete={loaderData.confirmingDelete}
      imageMaxBytes={loaderData.imageMaxBytes}
      saveResult={actionData?.result}
      submittedArticle={actionData?.article}
      conflict={actionData?.conflict}
      merge={actionData?.merge}
    />
  );
}
