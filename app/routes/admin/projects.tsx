import { data } from "react-router";
import { AdminEntryList } from "../../components/admin/admin-entry-list.tsx";
import { ADMIN_ENTRY_KINDS } from "../../lib/admin-entries.ts";
import { adminEntryListAction, loadAdminEntryList } from "../../lib/admin-entries.server.ts";
import { takeFlash } from "../../lib/flash.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/projects";

const config = ADMIN_ENTRY_KINDS.projects;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  const page = await loadAdminEntryList(context, config.kind, url);
  const { flash, headers } = await takeFlash(request);
  return data({ ...page, flash, adding: url.searchParams.has("add") }, { headers });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminEntryListAction(context, config.kind, request);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, config.listTitle);
}

export default function AdminProjects({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminEntryList
      config={config}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      flash={loaderData.flash}
      adding={loaderData.adding}
      createResult={actionData && "result" in actionData ? actionData.result : null}
    />
  );
}
