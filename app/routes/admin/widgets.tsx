import { AdminWidgetList } from "../../components/admin/admin-widgets.tsx";
import {
  adminWidgetListAction,
  loadAdminWidgetListScreen,
} from "../../lib/admin-widgets.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/widgets";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminWidgetListScreen(context, { request, url });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminWidgetListAction(context, request);
}

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
      unavailable={loaderData.unavailable}
      createResult={actionData?.result}
    />
  );
}
