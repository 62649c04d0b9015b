import { useLocation } from "react-router";
import { AdminEntryList } from "../../components/admin/admin-entry-list.tsx";
import { adminEntryKindAt } from "../../lib/admin-entries.ts";
import {
  adminEntryListAction,
  loadAdminEntryListScreen,
} from "../../lib/admin-entry-list.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/entries";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminEntryListScreen(context, adminEntryKindAt(url.pathname).kind, { request, url });
}

export async function action({ context, request, url }: Route.ActionArgs) {
  return adminEntryListAction(context, adminEntryKindAt(url.pathname).kind, request);
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches, location }: Route.MetaArgs) {
  return privatePageMeta({ matches }, adminEntryKindAt(location.pathname).listTitle);
}

export default function AdminEntries({ loaderData, actionData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <AdminEntryList
      config={adminEntryKindAt(pathname)}
      items={loaderData.items}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      search={loaderData.search}
      status={loaderData.status}
      flash={loaderData.flash}
      adding={loaderData.adding}
      keptAdd={loaderData.keptAdd}
      unavailable={loaderData.unavailable}
      createResult={actionData && "result" in actionData ? actionData.result : null}
    />
  );
}
