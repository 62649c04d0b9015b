import { AdminUserList } from "../../components/admin/admin-user-list.tsx";
import { adminUserListAction, loadAdminUserListScreen } from "../../lib/admin-users.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/users";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminUserListScreen(context, { request, url });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminUserListAction(context, request);
}

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Users");
}

export default function AdminUsers({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminUserList
      users={loaderData.users}
      page={loaderData.page}
      pageCount={loaderData.pageCount}
      search={loaderData.search}
      flash={loaderData.flash}
      adding={loaderData.adding}
      unavailable={loaderData.unavailable}
      createResult={actionData?.result}
    />
  );
}
