import { AdminWidgetList } from "../../components/admin/admin-widgets.tsx";
import {
  adminWidgetListAction,
  loadAdminWidgetListScreen,
} from "../../lib/admin-widgets.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/widgets";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminWidgetListScreen(context, { request, url });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminWidgetListAction(context, request);
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Widgets");
}

export default function AdminWidgets({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminWidgetList
      widgets={loaderData.widgets}
      search={loaderData.search}
      flash={loaderData.flash}
      adding={loaderData.adding}
      keptAdd={loaderData.keptAdd}
      unavailable={loaderData.unavailable}
      createResult={actionData?.result}
    />
  );
}
