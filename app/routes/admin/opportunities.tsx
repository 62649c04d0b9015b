import { AdminEntryList } from "../../components/admin/admin-entry-list.tsx";
import { ADMIN_ENTRY_KINDS } from "../../lib/admin-entries.ts";
import { adminEntryListAction, loadAdminEntryListScreen } from "../../lib/admin-entries.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/opportunities";

const config = ADMIN_ENTRY_KINDS.opportunities;

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminEntryListScreen(context, config.kind, { request, url });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminEntryListAction(context, config.kind, request);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, config.listTitle);
}

export default function AdminOpportunities({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminEntryList
      config={config}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      search={loaderData.search}
      status={loaderData.status}
      flash={loaderData.flash}
      adding={loaderData.adding}
      createResult={actionData && "result" in actionData ? actionData.result : null}
    />
  );
}
