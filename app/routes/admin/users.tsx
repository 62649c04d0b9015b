import { AdminUserList } from "../../components/admin/admin-user-list.tsx";
import { adminUserListAction, loadAdminUserListScreen } from "../../lib/admin-users.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/users";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminUserListScreen(context, { request, url });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminUserListAction(context, request);
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

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
      keptAdd={loaderData.keptAdd}
      unavailable={loaderData.unavailable}
      createResult={actionData?.result}
    />
  );
}
