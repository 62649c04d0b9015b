import { AdminGalleryList } from "../../components/admin/admin-gallery-list.tsx";
import {
  adminGalleryListAction,
  loadAdminGalleryListScreen,
} from "../../lib/admin-galleries.server.ts";
import { privatePageMeta } from "../../lib/seo.ts";
import { formUnanswered, unansweredAs } from "../../lib/unanswered-posts.ts";
import type { Route } from "./+types/galleries";

export async function loader({ context, request, url }: Route.LoaderArgs) {
  return loadAdminGalleryListScreen(context, { request, url });
}

export async function action({ context, request }: Route.ActionArgs) {
  return adminGalleryListAction(context, request);
}

/** A post the site did not answer keeps the form as typed, with a message (lib/unanswered-posts.ts). */
export const clientAction = ({ serverAction }: Route.ClientActionArgs) =>
  unansweredAs(serverAction, formUnanswered);

export function meta({ matches }: Route.MetaArgs) {
  return privatePageMeta({ matches }, "Galleries");
}

export default function AdminGalleries({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <AdminGalleryList
      galleries={loaderData.galleries}
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
