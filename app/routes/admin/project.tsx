import { data } from "react-router";
import { AdminEntryEditor } from "../../components/admin/admin-entry-editor.tsx";
import { ADMIN_ENTRY_KINDS } from "../../lib/admin-entries.ts";
import { adminEntryAction, loadAdminEntry } from "../../lib/admin-entries.server.ts";
import { takeFlash } from "../../lib/flash.server.ts";
import { requestFactsContext } from "../../lib/request-context.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/project";

const config = ADMIN_ENTRY_KINDS.projects;

export async function loader({ context, request, params, url }: Route.LoaderArgs) {
  const entry = await loadAdminEntry(context, config.kind, params.id);
  const { flash, headers } = await takeFlash(request);
  return data(
    {
      entry,
      flash,
      confirmingDelete: url.searchParams.get("confirm") === "delete",
      imageMaxBytes: context.get(requestFactsContext).config.imageMaxBytes,
    },
    { headers },
  );
}

export async function action({ context, request, params }: Route.ActionArgs) {
  return adminEntryAction(context, config.kind, params.id, request);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, config.editTitle);
}

export default function AdminProject({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminEntryEditor
      key={loaderData.entry.id}
      config={config}
      entry={loaderData.entry}
      flash={loaderData.flash}
      confirmingDelete={loaderData.confirmingDelete}
      imageMaxBytes={loaderData.imageMaxBytes}
      saveResult={actionData?.result}
      submittedArticle={actionData?.article}
    />
  );
}
